import type { FaceEnrolment, SeenPerson } from '@hub/proto/jobs';
import { distance } from './vectors.ts';

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Who is in one picture: each face is named after the nearest enrolment within the threshold (the
 * camera's organization's, nobody else's). One person cannot stand twice in one picture, so when
 * two faces match the same user only the nearer is taken for them. Confidence is 1 - distance.
 */
export function peopleInPicture(
  faces: readonly { embedding: readonly number[] }[],
  enrolments: readonly FaceEnrolment[],
  threshold: number,
): SeenPerson[] {
  const nearest = new Map<number, number>();
  for (const face of faces) {
    let best: { userId: number; cost: number } | null = null;
    for (const enrolment of enrolments) {
      if (enrolment.embedding.length !== face.embedding.length) continue;
      const cost = distance(face.embedding, enrolment.embedding);
      if (cost <= threshold && (!best || cost < best.cost))
        best = { userId: enrolment.userId, cost };
    }
    if (!best) continue;
    const known = nearest.get(best.userId);
    if (known === undefined || best.cost < known) nearest.set(best.userId, best.cost);
  }
  return [...nearest.entries()]
    .map(([userId, cost]) => ({ userId, confidence: round(Math.max(0, Math.min(1, 1 - cost))) }))
    .sort((a, b) => a.userId - b.userId);
}
