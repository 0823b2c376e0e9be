import { describe, expect, it } from 'vitest';
import { recorded, withByteOrderMark } from './insights.controller.js';

async function* chunks(texts: string[], trailer: string, failure?: Error) {
  for (const text of texts) yield Buffer.from(text);
  if (failure) throw failure;
  return trailer;
}

describe('the observation history CSV stream', () => {
  it('sends the chunks in order, then records the row count the stream ended with', async () => {
    const counted: number[] = [];
    const written: string[] = [];
    for await (const bytes of recorded(chunks(['header\r\n', 'a\r\n'], '23'), async (rows) =>
      counted.push(rows),
    )) {
      written.push(bytes.toString());
      expect(counted).toEqual([]);
    }
    expect(written).toEqual(['header\r\n', 'a\r\n']);
    expect(counted).toEqual([23]);
  });

  it('records nothing when the stream fails', async () => {
    const counted: number[] = [];
    const lines = recorded(
      chunks(['header\r\n'], '1', new Error('observation went away')),
      (rows) => Promise.resolve(counted.push(rows)),
    );
    expect((await lines.next()).value?.toString()).toBe('header\r\n');
    await expect(lines.next()).rejects.toThrow('observation went away');
    expect(counted).toEqual([]);
  });
});

/**
 * Excel reads a CSV without a byte order mark in the system's code page: "Correo electrónico"
 * and "Écarts" of a Spanish or French export, and every accented name, came out garbled.
 */
describe('a CSV download', () => {
  it('starts with the UTF-8 byte order mark, in its first part, and ends as the stream does', async () => {
    const parts: Buffer[] = [];
    const bytes = withByteOrderMark(chunks(['Nombre,Correo electrónico\r\n', 'a\r\n'], '1'));
    let step = await bytes.next();
    for (; !step.done; step = await bytes.next()) parts.push(step.value);
    expect(parts[0]!.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parts.map((part) => part.toString())).toEqual([
      '\uFEFFNombre,Correo electrónico\r\n',
      'a\r\n',
    ]);
    expect(step.value).toBe('1');
  });
});
