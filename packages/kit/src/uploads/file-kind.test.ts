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

  it('reads text pretending to be an image as text, which no image rule takes', () => {
    expect(sniffFileKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      'text',
    );
    expect(sniffFileKind(Buffer.from('hello'))).toBe('text');
  });

  it('reads UTF-8 text (with a BOM, a sequence cut at the end) as text, binary as nothing', () => {
    expect(sniffFileKind(Buffer.from('\ufeffemail;name\r\nana@x.test;Ana Lü'))).toBe('text');
    expect(sniffFileKind(Buffer.from('name\nLü', 'utf8').subarray(0, -1))).toBe('text');
    expect(sniffFileKind(Buffer.from([0x65, 0x6d, 0x00, 0x61]))).toBeNull();
  });

  it("reads Windows-1252 text (Excel's CSV on a European Windows) as text, but not bytes it lacks", () => {
    // "email;name\r\nj@x.test;Jürgen Müller – Šimon" in Windows-1252.
    const excel = Buffer.from([
      ...Buffer.from('email;name\r\nj@x.test;J'),
      0xfc,
      ...Buffer.from('rgen M'),
      0xfc,
      ...Buffer.from('ller '),
      0x96,
      0x20,
      0x8a,
      ...Buffer.from('imon'),
    ]);
    expect(sniffFileKind(excel)).toBe('text');
    expect(sniffFileKind(Buffer.from([0x6e, 0x61, 0xe9, 0x6d, 0x65]))).toBe('text');
    // 0x81 is no character of Windows-1252, and control characters are no text's.
    expect(sniffFileKind(Buffer.from([0x6e, 0x61, 0x81, 0x6d, 0x65]))).toBeNull();
    expect(sniffFileKind(Buffer.from([0x6e, 0xe9, 0x01, 0x6d, 0x65]))).toBeNull();
  });
});
