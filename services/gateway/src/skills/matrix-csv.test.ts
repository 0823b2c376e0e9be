import { describe, expect, it } from 'vitest';
import { skillsMatrixCsvBatchRows } from '@hub/proto';
import { matrixText } from './skills-matrix.controller.js';

describe('the skills matrix CSV stream', () => {
  it('asks for the later batches in order, at most one ahead of what is written, the gaps line last', async () => {
    const size = skillsMatrixCsvBatchRows(500);
    const rowIds = Array.from({ length: size * 3 + 7 }, (_, index) => index + 1);
    const asked: number[][] = [];
    const first = {
      text: 'header\r\nfirst\r\n',
      rowIds,
      documentIds: Array.from({ length: 500 }, (_, index) => index),
      gapsLine: 'gaps\r\n',
    };
    const lines = matrixText(first, async (userIds) => {
      asked.push(userIds);
      return `batch ${asked.length}\r\n`;
    });
    const written: string[] = [];
    for await (const text of lines) {
      written.push(text);
      // Never more than the batch after the one just written.
      expect(asked.length).toBeLessThanOrEqual(written.length);
    }
    expect(written).toEqual([
      'header\r\nfirst\r\n',
      'batch 1\r\n',
      'batch 2\r\n',
      'batch 3\r\n',
      'gaps\r\n',
    ]);
    expect(asked.map((ids) => [ids[0], ids.length])).toEqual([
      [size + 1, size],
      [size * 2 + 1, size],
      [size * 3 + 1, 7],
    ]);
  });

  it('ends with the failure of a batch asked for ahead, once its turn comes', async () => {
    const size = skillsMatrixCsvBatchRows(0);
    const first = {
      text: 'header\r\n',
      rowIds: Array.from({ length: size + 1 }, (_, index) => index),
      documentIds: [],
      gapsLine: 'gaps\r\n',
    };
    const lines = matrixText(first, () => Promise.reject(new Error('observation went away')));
    expect((await lines.next()).value).toBe('header\r\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(lines.next()).rejects.toThrow('observation went away');
  });
});
