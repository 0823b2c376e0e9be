import { describe, expect, it } from 'vitest';
import { HISTORY_BATCHES_AHEAD, historyText } from './insights.controller.js';

describe('the observation history CSV stream', () => {
  it('writes the batches in order, asking a few ahead, then records the rows', async () => {
    const asked: [number, number][] = [];
    const recorded: number[] = [];
    const ends = [10, 20, 30, 40, 50, 53];
    const lines = historyText(
      { text: 'header\r\na\r\n', rows: 10, pageEnds: ends },
      async (afterId, upToId) => {
        asked.push([afterId, upToId]);
        return { text: `${upToId}\r\n`, rows: upToId - afterId };
      },
      async (rows) => recorded.push(rows),
    );
    const written: string[] = [];
    for await (const text of lines) {
      written.push(text);
      // Never more than HISTORY_BATCHES_AHEAD batches past the one just written.
      expect(asked.length).toBeLessThanOrEqual(written.length - 1 + HISTORY_BATCHES_AHEAD);
      expect(recorded).toEqual([]);
    }
    expect(written).toEqual(['header\r\na\r\n', '20\r\n', '30\r\n', '40\r\n', '50\r\n', '53\r\n']);
    expect(asked).toEqual([
      [10, 20],
      [20, 30],
      [30, 40],
      [40, 50],
      [50, 53],
    ]);
    expect(recorded).toEqual([53]);
  });

  it('records an export of one batch, or of none', async () => {
    const recorded: number[] = [];
    const ask = () => Promise.reject(new Error('not asked'));
    const record = async (rows: number) => recorded.push(rows);
    const one = historyText({ text: 'header\r\na\r\n', rows: 4, pageEnds: [4] }, ask, record);
    const none = historyText({ text: 'header\r\n', rows: 0, pageEnds: [] }, ask, record);
    for await (const text of one) expect(text).toBe('header\r\na\r\n');
    for await (const text of none) expect(text).toBe('header\r\n');
    expect(recorded).toEqual([4, 0]);
  });

  it('ends with the failure of a batch asked for ahead, once its turn comes, unrecorded', async () => {
    const recorded: number[] = [];
    const lines = historyText(
      { text: 'header\r\n', rows: 0, pageEnds: [0, 5] },
      () => Promise.reject(new Error('observation went away')),
      async (rows) => recorded.push(rows),
    );
    expect((await lines.next()).value).toBe('header\r\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(lines.next()).rejects.toThrow('observation went away');
    expect(recorded).toEqual([]);
  });
});
