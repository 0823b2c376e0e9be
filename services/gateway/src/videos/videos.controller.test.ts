import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { parseLinkedSops, recordedAtOf } from './videos.controller.js';

describe('recordedAtOf', () => {
  it('keeps a recording date the database can store, as ISO', () => {
    expect(recordedAtOf('2026-11-20')).toBe('2026-11-20T00:00:00.000Z');
    expect(recordedAtOf('2026-11-20T08:00:00.000Z')).toBe('2026-11-20T08:00:00.000Z');
  });
});

describe('parseLinkedSops', () => {
  it('keeps the upload dialog’s list of {sopId, sopTitle}', () => {
    expect(parseLinkedSops('[{"sopId":12,"sopTitle":"Cooling"}]')).toEqual([
      { sopId: 12, sopTitle: 'Cooling' },
    ]);
    expect(parseLinkedSops('')).toEqual([]);
  });

  it('refuses, before the file, an id no row can have or an endless title', () => {
    const lists = [
      [{ sopId: 2 ** 31, sopTitle: 'Cooling' }],
      [{ sopId: 0, sopTitle: 'Cooling' }],
      [{ sopId: '12', sopTitle: 'Cooling' }],
      [{ sopId: 12, sopTitle: 'x'.repeat(501) }],
    ];
    for (const list of lists) {
      expect(() => parseLinkedSops(JSON.stringify(list))).toThrow(BadRequestException);
    }
  });
});
