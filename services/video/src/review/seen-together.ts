import type { IdentifiedOperator } from '@hub/proto';

/** A face of a report, with the sampled frames it was seen in when its report says them. */
interface Framed {
  frames?: number[];
}

/** The faces a member's entry stands for: its own, and those a supervisor named into it. */
export const facesOf = (entry: IdentifiedOperator): Framed[] => [
  entry,
  ...(entry.mergedFaces ?? []),
];

/**
 * Whether `face` was seen in a frame where one of `others` was: two people, then. Never for a
 * face without frames (a report written before they were): its times cannot tell two people
 * seen together from one seen with a gap, and such a review is taken as before.
 */
export function seenBeside(face: Framed, others: readonly Framed[]): boolean {
  if (!face.frames) return false;
  const frames = new Set(face.frames);
  return others.some((other) => other.frames?.some((frame) => frames.has(frame)));
}

/** Whether two of these faces were seen in one frame. */
export function seenTogether(faces: readonly Framed[]): boolean {
  return faces.some((face, index) => seenBeside(face, faces.slice(index + 1)));
}
