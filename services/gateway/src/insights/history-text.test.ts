import { describe, expect, it } from 'vitest';
import { historyText } from './insights.controller.js';

describe('the observation history CSV stream', () => {
  it('writes the batches in order, asking at most one ahead, then records the rows', async () => {
    const asked: number[] = [];
    const recorded: number[] = [];
    const batches = new Map([
      [10, { text: 'b\r\n', rows: 10, nextAfterId: 20 }],
      [20, { text: 'c\r\n', rows: 3, nextAfterId: null }],
    ]);
    const lines = historyText(
      { text: 'header\r\na\r\n', rows: 10, nextAfterId: 10 },
      async (afterId) => {
        asked.push(afterId);
        return batches.get(afterId)!;
      },
      async (rows) => recorded.push(rows),
    );
    const written: string[] = [];
    for await (const text of lines) {
      written.push(text);
      expect(asked.length).toBeLessThanOrEqual(written.length);
      expect(recorded).toEqual([]);
    }
    expect(written).toEqual(['header\r\na\r\n', 'b\r\n', 'c\r\n']);
    expect(asked).toEqual([10, 20]);
    expect(recorded).toEqual([23]);
  });

  it('ends with the failure of a batch asked for ahead, once its turn comes, unrecorded', async () => {
    const recorded: number[] = [];
    const lines = historyText(
      { text: 'header\r\n', rows: 0, nextAfterId: 5 },
      () => Promise.reject(new Error('observation went away')),
      async (rows) => recorded.push(rows),
    );
    expect((await lines.next()).value).toBe('header\r\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(lines.next()).rejects.toThrow('observation went away');
    expect(recorded).toEqual([]);
  });
});
