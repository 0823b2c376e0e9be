/**
 * A kept face's embedding with its space; null for one stored before spaces whose space could not
 * be told (migration 1767000006000-embedding-space), which is compared with nothing.
 */
export interface KeptEmbedding {
  embedding: number[];
  space: string | null;
}

/** Faces already grouped as one unknown person of the organization. */
export interface KnownGroup {
  personId: number;
  faces: KeptEmbedding[];
}

export function distance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/**
 * The mean of the group's embeddings of this space (another space's are never compared, even of
 * the same length; one of this space but another length is damaged, and left out too).
 */
export function centroid(
  faces: readonly KeptEmbedding[],
  comparable: { space: string; length: number },
): number[] | null {
  const { space, length } = comparable;
  const alike = faces
    .filter((face) => face.space === space && face.embedding.length === length)
    .map((face) => face.embedding);
  if (alike.length === 0) return null;
  const sum = new Array<number>(length).fill(0);
  for (const embedding of alike) embedding.forEach((value, i) => (sum[i]! += value));
  return sum.map((value) => value / alike.length);
}

/**
 * The rule: a face joins the unknown person whose centroid (the mean of their faces' embeddings)
 * is nearest, when nearer than the face match threshold, the distance at which an analysis names
 * a member; otherwise it starts a new person. A centroid, not the nearest single face, so that a
 * chain of faces each a little off cannot pull two people together. Only faces of the face's space
 * make a centroid, and a face of no known space joins nobody. Only groups of one organization are
 * ever passed in.
 */
export function nearestGroup(
  face: KeptEmbedding,
  groups: readonly KnownGroup[],
  threshold: number,
): number | null {
  const { embedding, space } = face;
  if (space === null) return null;
  let best: { personId: number; distance: number } | null = null;
  for (const group of groups) {
    const centre = centroid(group.faces, { space, length: embedding.length });
    if (!centre) continue;
    const apart = distance(embedding, centre);
    if (apart < threshold && (!best || apart < best.distance)) {
      best = { personId: group.personId, distance: apart };
    }
  }
  return best?.personId ?? null;
}

export const unknownLabel = (number: number) => `Unknown person ${number}`;
