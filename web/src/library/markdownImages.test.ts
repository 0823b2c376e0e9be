import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createStagger,
  imageFailureText,
  imageIdOf,
  linkBareImageReferences,
} from './markdownImages';

describe('imageIdOf', () => {
  it('maps png and legacy jpeg references to the image id', () => {
    expect(imageIdOf('img-3.png')).toBe('img-3');
    expect(imageIdOf('images/img-12.PNG')).toBe('img-12');
    expect(imageIdOf('img-4.jpg')).toBe('img-4');
    expect(imageIdOf('img-5.jpeg?x=1')).toBe('img-5');
  });

  it('ignores everything else', () => {
    expect(imageIdOf(undefined)).toBeNull();
    expect(imageIdOf('')).toBeNull();
    expect(imageIdOf('https://example.com/logo.png')).toBeNull();
    expect(imageIdOf('myimg-3.png')).toBeNull();
    expect(imageIdOf('img-3.gif')).toBeNull();
    expect(imageIdOf('img-.png')).toBeNull();
  });
});

describe('linkBareImageReferences', () => {
  it('turns plain references into images', () => {
    expect(linkBareImageReferences('See img-3.png for the dial.')).toBe(
      'See ![img-3.png](img-3.png) for the dial.',
    );
    expect(linkBareImageReferences('img-1.jpg')).toBe('![img-1.jpg](img-1.jpg)');
  });

  it('leaves image syntax, paths and other words alone', () => {
    const written = '![Figure](img-3.png) and ![img-4.png](images/img-4.png)';
    expect(linkBareImageReferences(written)).toBe(written);
    expect(linkBareImageReferences('bigimg-3.png')).toBe('bigimg-3.png');
  });
});

describe('createStagger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('spaces calls 100 ms apart', async () => {
    const wait = createStagger(100);
    const done: number[] = [];
    for (const index of [0, 1, 2]) void wait().then(() => done.push(index));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([0]);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toEqual([0, 1, 2]);
  });
});

describe('imageFailureText', () => {
  it('names the image, or the network', () => {
    expect(imageFailureText('img-3.png', false)).toBe('Failed to load img-3.png');
    expect(imageFailureText('img-3.png', true)).toBe('Network error');
  });
});

describe('linkBareImageReferences at the end of a sentence', () => {
  it('keeps the full stop outside the image', () => {
    expect(linkBareImageReferences('Shown in img-2.png.')).toBe(
      'Shown in ![img-2.png](img-2.png).',
    );
    expect(linkBareImageReferences('img-2.png.bak')).toBe('img-2.png.bak');
  });
});
