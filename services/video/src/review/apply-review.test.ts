import { describe, expect, it } from 'vitest';
import type { AnalysisReport } from '@hub/proto';
import {
  applyReview,
  NOT_IDENTIFIED,
  NOT_UNIDENTIFIED,
  ReviewRefusal,
  UNKNOWN_FACE,
  withFaceIds,
} from './apply-review.js';

const report = (): AnalysisReport => ({
  durationSeconds: 8,
  framesAnalysed: 8,
  samplingFps: 1,
  matchThreshold: 0.55,
  detectedOperators: 3,
  identifiedOperators: [
    { userId: 1, name: 'Amy', distance: 0.3, appearances: [{ start: 0, end: 2 }] },
    { userId: 2, name: 'Howard', distance: 0.5, appearances: [{ start: 4, end: 6 }] },
  ],
  unidentifiedPeople: [{ appearances: [{ start: 2, end: 4 }] }],
  identificationRate: 0.667,
  stepAnalysis: { available: false, message: 'off' },
});

const reviewer = { id: 9, name: 'Sue' };
const at = '2026-11-26T10:00:00.000Z';

describe('withFaceIds', () => {
  it('numbers the faces once, identified first, and keeps ids already given', () => {
    const numbered = withFaceIds(report());
    expect(numbered.identifiedOperators.map((face) => face.faceId)).toEqual(['f1', 'f2']);
    expect(numbered.unidentifiedPeople[0]!.faceId).toBe('f3');
    expect(withFaceIds(numbered)).toEqual(numbered);
  });
});

describe('applyReview', () => {
  const numbered = withFaceIds(report());

  it('confirms an identification with who and when, the figures unchanged', () => {
    const { report: after, userId } = applyReview(numbered, {
      faceId: 'f1',
      review: { decision: 'confirm' },
      reviewer,
      at,
    });
    expect(userId).toBe(1);
    expect(after.identifiedOperators[0]!.review).toEqual({
      decision: 'confirmed',
      by: 9,
      byName: 'Sue',
      at,
    });
    expect(after.identificationRate).toBe(numbered.identificationRate);
  });

  it('moves a rejected face to the unidentified, keeping whom it is not', () => {
    const { report: after } = applyReview(numbered, {
      faceId: 'f2',
      review: { decision: 'reject' },
      reviewer,
      at,
    });
    expect(after.identifiedOperators.map((face) => face.name)).toEqual(['Amy']);
    expect(after.unidentifiedPeople.map((face) => face.faceId)).toEqual(['f3', 'f2']);
    expect(after.unidentifiedPeople[1]!.rejected![0]).toMatchObject({ userId: 2, byName: 'Sue' });
    expect(after.detectedOperators).toBe(3);
    expect(after.identificationRate).toBe(0.333);
  });

  it('names an unidentified face, merging it into the member already seen', () => {
    const named = applyReview(numbered, {
      faceId: 'f3',
      review: { decision: 'name', userId: 1 },
      reviewer,
      named: { id: 1, name: 'Amy' },
      at,
    }).report;
    expect(named.unidentifiedPeople).toEqual([]);
    expect(named.identifiedOperators[0]!.appearances).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
    expect(named.detectedOperators).toBe(2);
    expect(named.identificationRate).toBe(1);
  });

  it('gives back as unknown the faces named into an entry that is rejected', () => {
    const named = applyReview(numbered, {
      faceId: 'f3',
      review: { decision: 'name', userId: 1 },
      reviewer,
      named: { id: 1, name: 'Amy' },
      at,
    }).report;
    const rejected = applyReview(named, {
      faceId: 'f1',
      review: { decision: 'reject' },
      reviewer,
      at,
    });
    expect(rejected.unknownFaceIds).toEqual(['f1', 'f3']);
    expect(rejected.report.unidentifiedPeople).toEqual([
      expect.objectContaining({ faceId: 'f1', appearances: [{ start: 0, end: 2 }] }),
      expect.objectContaining({ faceId: 'f3', appearances: [{ start: 2, end: 4 }] }),
    ]);
    expect(rejected.report.unidentifiedPeople[1]!.rejected![0]).toMatchObject({ userId: 1 });
    expect(rejected.report.detectedOperators).toBe(3);
  });

  it('refuses a review that does not fit the face', () => {
    const refuse = (faceId: string, decision: 'confirm' | 'reject') => () =>
      applyReview(numbered, { faceId, review: { decision }, reviewer, at });
    expect(refuse('f9', 'confirm')).toThrow(new ReviewRefusal(UNKNOWN_FACE));
    expect(refuse('f3', 'reject')).toThrow(NOT_IDENTIFIED);
    expect(() =>
      applyReview(numbered, {
        faceId: 'f1',
        review: { decision: 'name', userId: 2 },
        reviewer,
        named: { id: 2, name: 'Howard' },
        at,
      }),
    ).toThrow(NOT_UNIDENTIFIED);
  });
});
