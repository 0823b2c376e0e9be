import { describe, expect, it } from 'vitest';
import { sniffFileKind } from './file-kind.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
  );

describe('sniffFileKind', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n')],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  ')],
    ['avi', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['mpeg', bytes([0, 0, 1, 0xba, 0x44])],
  ])('recognises %s', (kind, data) => {
    expect(sniffFileKind(data)).toBe(kind);
  });

  it('refuses text pretending to be an image', () => {
    expect(sniffFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffFileKind(Buffer.from('hello'))).toBeNull();
  });
});
