import { describe, expect, it } from 'vitest';
import { peopleInPicture } from './snapshot-matching.ts';

const space = 'face-api@1.7.15/face-recognition-128d';
const enrolments = [
  { userId: 1, name: 'Amy', embedding: [0, 0, 0], space },
  { userId: 2, name: 'Howard', embedding: [1, 0, 0], space },
];
const rule = { threshold: 0.55, margin: 0, space };

describe('people in one snapshot', () => {
  it('names each face after the nearest enrolment within the threshold', () => {
    const faces = [{ embedding: [0.1, 0, 0] }, { embedding: [0.8, 0, 0] }];
    expect(peopleInPicture(faces, enrolments, rule)).toEqual([
      { userId: 1, confidence: 0.9 },
      { userId: 2, confidence: 0.8 },
    ]);
  });

  it('names no one for a face farther than the threshold from every enrolment', () => {
    expect(peopleInPicture([{ embedding: [0.5, 3, 0] }], enrolments, rule)).toEqual([]);
  });

  it('takes one person once, at their nearest face', () => {
    const faces = [{ embedding: [0.3, 0, 0] }, { embedding: [0.05, 0, 0] }];
    expect(peopleInPicture(faces, enrolments, rule)).toEqual([{ userId: 1, confidence: 0.95 }]);
  });

  it('never compares embeddings of another length (damaged)', () => {
    expect(peopleInPicture([{ embedding: [0, 0] }], enrolments, rule)).toEqual([]);
  });

  it('never compares an enrolment of another space, even of the same length', () => {
    const elsewhere = enrolments.map((enrolment) => ({ ...enrolment, space: 'other@1/net-3d' }));
    expect(peopleInPicture([{ embedding: [0, 0, 0] }], elsewhere, rule)).toEqual([]);
  });

  it('names a person of several references on their mean, held CENTRE_ALLOWANCE nearer', () => {
    // Amy's mean is [0, 0.5, 0]: the face lies 0.1 from it, 0.4 from her nearest reference.
    const withReference = [...enrolments, { userId: 1, name: 'Amy', embedding: [0, 1, 0], space }];
    expect(peopleInPicture([{ embedding: [0, 0.6, 0] }], withReference, rule)).toEqual([
      { userId: 1, confidence: 0.88 },
    ]);
  });

  it('names nobody for a face about as near two people, under a margin', () => {
    const between = [{ embedding: [0.48, 0, 0] }];
    expect(peopleInPicture(between, enrolments, rule)).toEqual([{ userId: 1, confidence: 0.52 }]);
    expect(peopleInPicture(between, enrolments, { ...rule, margin: 0.1 })).toEqual([]);
  });
});
