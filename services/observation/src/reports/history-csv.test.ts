import { describe, expect, it } from 'vitest';
import type { ObservationHistoryRow } from '@hub/proto';
import { historyHeader, historyLines } from './history-csv.js';

const row = (fields: Partial<ObservationHistoryRow> = {}): ObservationHistoryRow => ({
  id: 7,
  startedAt: '2026-11-02T09:00:00.000Z',
  completedAt: '2026-11-02T09:12:00.000Z',
  status: 'completed',
  sop: 'Cooling, "hot" food',
  documentId: 3,
  operator: '=Otto',
  observer: 'Sue',
  questions: 10,
  answered: 10,
  correct: 9,
  score: 92.5,
  passed: true,
  passMark: 80,
  durationSeconds: 720,
  findings: 2,
  openFindings: 1,
  ...fields,
});

describe('observation history CSV', () => {
  it('writes the header and each row as the one CSV writer does, empty cells for nulls', () => {
    expect(historyHeader()).toBe(
      'Observation,Started,Completed,Status,SOP,Document,Operator,Observer,Questions,Answered,' +
        'Correct,Score %,Passed,Pass mark %,Duration (s),Findings,Open findings\r\n',
    );
    expect(
      historyLines([
        row(),
        row({
          id: 8,
          completedAt: null,
          status: 'in_progress',
          score: null,
          passed: null,
          durationSeconds: null,
        }),
      ]),
    ).toBe(
      `7,2026-11-02T09:00:00.000Z,2026-11-02T09:12:00.000Z,completed,"Cooling, ""hot"" food",3,'=Otto,Sue,10,10,9,92.5,true,80,720,2,1\r\n` +
        `8,2026-11-02T09:00:00.000Z,,in_progress,"Cooling, ""hot"" food",3,'=Otto,Sue,10,10,9,,,80,,2,1\r\n`,
    );
    expect(historyLines([])).toBe('');
  });
});
