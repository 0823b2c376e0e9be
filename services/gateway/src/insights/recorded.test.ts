import { describe, expect, it } from 'vitest';
import { recorded } from './insights.controller.js';

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
