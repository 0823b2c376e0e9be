import { describe, expect, it } from 'vitest';
import type { AnalysisReport } from '@hub/proto';
import { afterReviews } from '../unknown-people/group-faces.js';
import { withFaceIds } from './apply-review.js';
import type { KeptReview } from './face-review.repository.js';
import { overlapSeconds, reapplyReviews } from './reapply-reviews.js';

/** A new run's report: Amy and Howard identified, someone unknown, seen a little off before. */
const report = (): AnalysisReport =>
  withFaceIds({
    durationSeconds: 10,
    framesAnalysed: 10,
    samplingFps: 1,
    matchThreshold: 0.55,
    detectedOperators: 3,
    identifiedOperators: [
      { userId: 1, name: 'Amy', distance: 0.3, appearances: [{ start: 0, end: 3 }] },
      { userId: 2, name: 'Howard', distance: 0.5, appearances: [{ start: 6, end: 9 }] },
    ],
    unidentifiedPeople: [{ appearances: [{ start: 3, end: 6 }] }],
    identificationRate: 0.667,
    stepAnalysis: { available: false, message: 'off' },
  });

const review = (
  decision: KeptReview['decision'],
  userId: number,
  start: number,
  end: number,
): KeptReview => ({
  organizationId: 1,
  decision,
  userId,
  userName: userId === 3 ? 'Leonard' : userId === 1 ? 'Amy' : 'Howard',
  reviewedBy: 9,
  reviewerName: 'Sue',
  reviewedAt: '2026-11-26T10:00:00.000Z',
  appearances: [{ start, end }],
});

describe('reviews applied again to a new report', () => {
  it('measures how long two faces were seen at once', () => {
    expect(overlapSeconds([{ start: 0, end: 3 }], [{ start: 2, end: 5 }])).toBe(1);
    expect(overlapSeconds([{ start: 0, end: 3 }], [{ start: 3, end: 5 }])).toBe(0);
  });

  it('confirms, rejects and names the faces seen at the same times, by the same reviewer', () => {
    const {
      report: after,
      rejected,
      named,
    } = reapplyReviews(report(), [
      review('confirm', 1, 0.5, 2.5),
      review('reject', 2, 6, 8),
      review('name', 3, 3.5, 5.5),
    ]);
    expect(after.identifiedOperators.map((face) => [face.faceId, face.name])).toEqual([
      ['f1', 'Amy'],
      ['f3', 'Leonard'],
    ]);
    expect(after.identifiedOperators[0]!.review).toEqual({
      decision: 'confirmed',
      by: 9,
      byName: 'Sue',
      at: '2026-11-26T10:00:00.000Z',
    });
    expect(after.unidentifiedPeople).toEqual([
      expect.objectContaining({ faceId: 'f2', rejected: [expect.objectContaining({ userId: 2 })] }),
    ]);
    expect([...rejected]).toEqual(['f2']);
    expect([...named]).toEqual([['f3', 3]]);
    expect(after.detectedOperators).toBe(3);
  });

  it('forces no review on a face the new analysis saw otherwise', () => {
    const reviews = [
      review('confirm', 2, 0, 3), // Amy is identified there now, not Howard
      review('reject', 1, 6, 9), // nor is Amy seen then
      review('name', 3, 0, 2), // nobody unidentified then
    ];
    const { report: after, rejected, named } = reapplyReviews(report(), reviews);
    expect(after).toEqual(report());
    expect(rejected.size + named.size).toBe(0);
  });

  it('names neither of two faces seen together at the named face’s times: either could be it', () => {
    const together = withFaceIds({
      ...report(),
      unidentifiedPeople: [
        { appearances: [{ start: 3, end: 6 }] },
        { appearances: [{ start: 3, end: 6 }] },
      ],
    });
    const { report: after, named } = reapplyReviews(together, [review('name', 3, 3, 6)]);
    expect(named.size).toBe(0);
    expect(after).toEqual(together);
  });

  it('names no face the new analysis saw beside the member named, and goes on', () => {
    const base = report();
    const beside = withFaceIds({
      ...base,
      identifiedOperators: base.identifiedOperators.map((face) => ({
        ...face,
        frames: face.userId === 2 ? [6, 7, 8] : [0, 1, 2],
      })),
      unidentifiedPeople: [{ faceId: 'f3', appearances: [{ start: 5, end: 8 }], frames: [5, 7] }],
    });
    const { report: after, named } = reapplyReviews(beside, [
      review('name', 2, 5, 8),
      review('confirm', 1, 0, 3),
    ]);
    expect(named.size).toBe(0);
    expect(after.unidentifiedPeople).toEqual(beside.unidentifiedPeople);
    expect(after.identifiedOperators.map((face) => face.review?.decision)).toEqual([
      'confirmed',
      undefined,
    ]);
  });

  it('names the one face seen at those times, whoever else was seen before or after', () => {
    const apart = withFaceIds({
      ...report(),
      unidentifiedPeople: [
        { appearances: [{ start: 2, end: 4 }] },
        { appearances: [{ start: 4, end: 6 }] },
      ],
    });
    const { named } = reapplyReviews(apart, [review('name', 3, 3.5, 6)]);
    expect([...named]).toEqual([['f4', 3]]);
  });

  it('applies reviews in the order made: rejected, then named, the face is the member named', () => {
    const {
      report: after,
      rejected,
      named,
    } = reapplyReviews(report(), [review('reject', 2, 6, 9), review('name', 3, 6, 9)]);
    expect(after.identifiedOperators.map((face) => face.name)).toEqual(['Amy', 'Leonard']);
    expect(rejected.size).toBe(0);
    expect([...named]).toEqual([['f2', 3]]);
  });

  it('makes unknown again the faces named into an entry rejected after', () => {
    const {
      report: after,
      rejected,
      named,
    } = reapplyReviews(report(), [review('name', 1, 3, 6), review('reject', 1, 0, 6)]);
    expect(after.identifiedOperators.map((face) => face.name)).toEqual(['Howard']);
    expect(after.unidentifiedPeople.map((face) => [face.faceId, face.appearances])).toEqual([
      ['f1', [{ start: 0, end: 3 }]],
      ['f3', [{ start: 3, end: 6 }]],
    ]);
    expect([...rejected]).toEqual(['f1', 'f3']);
    expect(named.size).toBe(0);
  });

  it('keeps a face rejected again as unknown, and a face named again as the member', () => {
    const face = (faceId: string) => ({
      index: 0,
      faceId,
      embedding: [0],
      space: 's',
      model: 'm',
      thumbnailKey: null,
      appearances: [],
    });
    const kept = {
      unknown: [face('f3'), face('f4')],
      identified: [
        { ...face('f1'), userId: 1 },
        { ...face('f2'), userId: 2 },
      ],
    };
    const moved = afterReviews(kept, {
      report: report(),
      rejected: new Set(['f2']),
      named: new Map([['f3', 3]]),
    });
    expect(moved.unknown.map((one) => one.faceId)).toEqual(['f4', 'f2']);
    expect(moved.identified.map((one) => [one.faceId, one.userId])).toEqual([
      ['f3', 3],
      ['f1', 1],
    ]);
  });
});
