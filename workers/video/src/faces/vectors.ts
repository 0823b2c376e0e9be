export type Vector = readonly number[];

export function distance(a: Vector, b: Vector): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Mean of vectors of one length, each weighted by `weights[i]` (1 when not given). */
export function mean(vectors: readonly Vector[], weights?: readonly number[]): number[] {
  const first = vectors[0];
  if (!first) return [];
  const result = new Array<number>(first.length).fill(0);
  let total = 0;
  vectors.forEach((vector, index) => {
    const weight = weights?.[index] ?? 1;
    total += weight;
    for (let i = 0; i < result.length; i++) result[i]! += vector[i]! * weight;
  });
  return result.map((value) => value / total);
}
