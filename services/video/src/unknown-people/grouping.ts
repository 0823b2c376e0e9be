/** Faces already grouped as one unknown person of the organization. */
export interface KnownGroup {
  personId: number;
  embeddings: number[][];
}

export function distance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** The mean of the group's embeddings of this length (another model's are never compared). */
export function centroid(embeddings: readonly number[][], length: number): number[] | null {
  const alike = embeddings.filter((embedding) => embedding.length === length);
  if (alike.length === 0) return null;
  const sum = new Array<number>(length).fill(0);
  for (const embedding of alike) embedding.forEach((value, i) => (sum[i]! += value));
  return sum.map((value) => value / alike.length);
}

/**
 * The rule: a face joins the unknown person whose centroid (the mean of their faces' embeddings)
 * is nearest, when nearer than the face match threshold, the distance at which an analysis names
 * a member; otherwise it starts a new person. A centroid, not the nearest single face, so that a
 * chain of faces each a little off cannot pull two people together. Only groups of one
 * organization are ever passed in.
 */
export function nearestGroup(
  embedding: readonly number[],
  groups: readonly KnownGroup[],
  threshold: number,
): number | null {
  let best: { personId: number; distance: number } | null = null;
  for (const group of groups) {
    const centre = centroid(group.embeddings, embedding.length);
    if (!centre) continue;
    const apart = distance(embedding, centre);
    if (apart < threshold && (!best || apart < best.distance)) {
      best = { personId: group.personId, distance: apart };
    }
  }
  return best?.personId ?? null;
}

export const unknownLabel = (number: number) => `Unknown person ${number}`;
