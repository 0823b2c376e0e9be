import { describe, expect, it } from 'vitest';
import { reportOf } from '../test-support/analysis-report.js';
import { withoutNaming } from './unnamed-people.js';

describe('a face the worker identified as someone named nowhere', () => {
  it('is unidentified with its frames, for a review to check who was seen beside it', () => {
    const report = reportOf([
      {
        faceId: 'f1',
        userId: 4,
        name: 'Leonard',
        distance: 0.3,
        appearances: [{ start: 0, end: 2 }],
        frames: [0, 1],
      },
    ]);
    const unnamed = withoutNaming(report, {}, new Set([4])).report;
    expect(unnamed.identifiedOperators).toEqual([]);
    expect(unnamed.unidentifiedPeople).toEqual([
      { faceId: 'f1', appearances: [{ start: 0, end: 2 }], frames: [0, 1] },
    ]);
  });
});
