import type { FaceEnrolmentJob, SpacedEmbedding } from '@hub/proto/jobs';
import type { DetectedFace, FaceModel } from './faces/face-model.ts';
import { distance } from './faces/vectors.ts';
import type { FfmpegBinaries } from './frames/binaries.ts';
import { readPicture } from './frames/picture.ts';

export const NOT_FOUND_AGAIN = 'The confirmed face could not be found again in the video.';

/**
 * The face among `found` (embeddings of `space`) closest to any of the person's enrolments of that
 * space, if within `maxDistance`: an enrolment of another space is never compared.
 */
export function closestFace(
  found: readonly DetectedFace[],
  matchWith: readonly SpacedEmbedding[],
  within: { space: string; maxDistance: number },
): DetectedFace | undefined {
  const comparable = matchWith.filter((enrolment) => enrolment.space === within.space);
  let best: { face: DetectedFace; distance: number } | undefined;
  for (const face of found) {
    for (const { embedding } of comparable) {
      if (embedding.length !== face.embedding.length) continue;
      const d = distance(face.embedding, embedding);
      if (d <= within.maxDistance && (!best || d < best.distance)) best = { face, distance: d };
    }
  }
  return best?.face;
}

/**
 * A confirmed face found again in its video: at each moment the person was seen, the frame's
 * faces are compared with the person's enrolments; the first close enough is learned.
 */
export async function findAgain(
  path: string,
  job: FaceEnrolmentJob,
  deps: { faces: FaceModel; binaries: FfmpegBinaries },
  facesIn: (frame: Awaited<ReturnType<typeof readPicture>>) => Promise<DetectedFace[]>,
): Promise<number[] | undefined> {
  const matchWith = job.matchWith ?? [];
  const within = { space: deps.faces.space, maxDistance: job.maxDistance ?? 0 };
  for (const at of job.atSeconds ?? []) {
    const frame = await readPicture(path, deps.binaries, 'video', at);
    const face = closestFace(await facesIn(frame), matchWith, within);
    if (face) return face.embedding;
  }
  return undefined;
}
