import { describe, expect, it } from 'vitest';
import type { RgbFrame } from './frames/sample-frames.ts';
import { faceTooSmall, referenceFault, TOO_BLURRED } from './reference-quality.ts';

function frame(size: number, shade: (x: number, y: number) => number): RgbFrame {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++)
      data.fill(shade(x, y), (y * size + x) * 3, (y * size + x) * 3 + 3);
  }
  return { width: size, height: size, data };
}

const box = { x: 20, y: 20, width: 100, height: 100 };

describe('referenceFault', () => {
  it('accepts a large face with sharp edges', () => {
    const sharp = frame(160, (x, y) => (((x >> 2) + (y >> 2)) % 2 === 0 ? 30 : 220));
    expect(referenceFault(sharp, box)).toBeUndefined();
  });

  it('refuses a face without edges as blurred', () => {
    const smooth = frame(160, (x) => Math.round(80 + x / 4));
    expect(referenceFault(smooth, box)).toBe(TOO_BLURRED);
  });

  it('refuses a face too small, saying its size', () => {
    const sharp = frame(160, (x, y) => ((x + y) % 2 === 0 ? 30 : 220));
    expect(referenceFault(sharp, { x: 10, y: 10, width: 30, height: 36 })).toBe(faceTooSmall(30));
  });
});
