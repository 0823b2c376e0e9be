import type { FaceEnrolment, SeenPerson } from '@hub/proto/jobs';
import { enrolledPeople, nameFace, type NamingRule } from './references.ts';

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Who is in one picture: each face is named by `nameFace` against the enrolled people (the
 * camera's organization's, nobody else's; a person may have several references), of the faces'
 * space only (`space`, the model's that found them). One person
 * cannot stand twice in one picture, so when two faces match the same user only the nearer is
 * taken for them. Confidence is 1 - distance to the person (`distanceTo`).
 */
export function peopleInPicture(
  faces: readonly { embedding: readonly number[] }[],
  enrolments: readonly FaceEnrolment[],
  rule: NamingRule & { space: string },
): SeenPerson[] {
  const nearest = new Map<number, number>();
  for (const face of faces) {
    const comparable = { space: rule.space, length: face.embedding.length };
    const best = nameFace(face.embedding, enrolledPeople(enrolments, comparable), rule);
    if (!best) continue;
    const known = nearest.get(best.person.userId);
    if (known === undefined || best.distance < known)
      nearest.set(best.person.userId, best.distance);
  }
  return [...nearest.entries()]
    .map(([userId, cost]) => ({ userId, confidence: round(Math.max(0, Math.min(1, 1 - cost))) }))
    .sort((a, b) => a.userId - b.userId);
}
