import { describe, expect, it } from 'vitest';
import type { PeopleImportStatus } from '@hub/proto';
import { importEnded, importPercent, importProgressText, planFigures } from './format';

const status = (changes: Partial<PeopleImportStatus>): PeopleImportStatus => ({
  id: 1,
  organizationId: 1,
  fileName: 'people.csv',
  state: 'running',
  updateExisting: false,
  totalRows: 200,
  processedRows: 50,
  created: 48,
  updated: 0,
  unchanged: 0,
  refused: 2,
  invited: 40,
  error: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  finishedAt: null,
  ...changes,
});

describe('people import format', () => {
  it('counts changed members as updated only when asked', () => {
    const counts = { rows: 10, create: 5, existingChanged: 2, existingUnchanged: 1, refused: 2 };
    expect(planFigures(counts, false).map((f) => f.value)).toEqual([5, 0, 3, 2]);
    expect(planFigures(counts, true).map((f) => f.value)).toEqual([5, 2, 1, 2]);
  });

  it('reads progress from the lines applied', () => {
    expect(importPercent(status({}))).toBe(25);
    expect(importPercent(status({ totalRows: 0, processedRows: 0 }))).toBe(0);
    expect(importPercent(status({ state: 'done', processedRows: 199 }))).toBe(100);
    expect(importProgressText(status({}))).toBe('Importing: 50 of 200 rows, 40 invitations sent');
    expect(importProgressText(status({ state: 'failed', error: 'gone' }))).toBe(
      'The import stopped: gone',
    );
    expect(importEnded(status({}))).toBe(false);
    expect(importEnded(status({ state: 'done' }))).toBe(true);
  });
});
