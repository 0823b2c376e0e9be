import { isStorageFault, logger, type ObjectStorage } from '@hub/runtime';
import {
  UNKNOWN_FACES_PER_VIDEO,
  type UnknownFaceFound,
  type VideoAnalysisJob,
} from '@hub/proto/jobs';
import type { PersonCluster, FaceSighting } from './clustering.ts';
import type { FaceCrops } from './face-crops.ts';
import type { Box } from './face-model.ts';

const log = logger('unknown-faces');

/** The largest sighting of a cluster: its sharpest, most recognisable face. */
export function bestSighting(cluster: PersonCluster): FaceSighting {
  const area = (box: Box) => box.width * box.height;
  return cluster.sightings.reduce((best, sighting) =>
    area(sighting.box) > area(best.box) ? sighting : best,
  );
}

/** Which list of the report a kept face is of: its index is in that list. */
export type FaceList = 'unidentified' | 'identified';

/**
 * The key of a face's crop: below the organization and the video, named by run, list and index,
 * so a redelivered job writes the same file again and the video's deletion finds them all.
 */
export const thumbnailKey = (job: VideoAnalysisJob, index: number, list: FaceList) =>
  `org/${job.organizationId}/unknown-faces/video-${job.videoId}/run-${job.run}-${
    list === 'identified' ? 'identified-' : ''
  }${index}.jpg`;

/** Crops stored this many at a time: an object store answers each put after a round trip. */
const PARALLEL_PUTS = 8;

interface KeepDeps {
  storage: ObjectStorage;
  model: string;
  space: string;
  /** Made beforehand for the best sighting of each (cropFaces). */
  crops: FaceCrops;
}

/** One person's face: its crop stored (null when none could be made) and its embedding. */
async function keepFace(
  job: VideoAnalysisJob,
  cluster: PersonCluster,
  index: number,
  deps: KeepDeps,
  list: FaceList,
): Promise<UnknownFaceFound> {
  let key: string | null = thumbnailKey(job, index, list);
  try {
    const jpeg = deps.crops.get(bestSighting(cluster)) ?? new Error('no crop was made');
    if (jpeg instanceof Error) throw jpeg;
    await deps.storage.put(key, jpeg, 'image/jpeg', jpeg.byteLength);
  } catch (error) {
    // The store away or full: the analysis waits for it rather than keep faces without crops.
    if (isStorageFault(error)) throw error;
    log.warn({ err: error, videoId: job.videoId, index }, 'unknown face crop not made');
    key = null;
  }
  const embedding = cluster.centroid.map((value) => Math.round(value * 1e6) / 1e6);
  return { index, embedding, space: deps.space, model: deps.model, thumbnailKey: key };
}

/**
 * Each person's representative embedding and a crop of their face, for the video service to
 * group the unidentified ones with the organization's other unknown faces (and an identified one
 * once a supervisor rejects its match). A crop that cannot be made leaves the face without a
 * picture; it does not fail the analysis. The crops are stored PARALLEL_PUTS at a time, not one
 * after the other: with S3 each put is a round trip, and a video may keep hundreds.
 */
export async function keepUnknownFaces(
  job: VideoAnalysisJob,
  unknown: readonly PersonCluster[],
  deps: KeepDeps,
  list: FaceList = 'unidentified',
): Promise<UnknownFaceFound[]> {
  const clusters = unknown.slice(0, UNKNOWN_FACES_PER_VIDEO);
  const found: UnknownFaceFound[] = [];
  let next = 0;
  const lane = async () => {
    while (next < clusters.length) {
      const index = next++;
      found[index] = await keepFace(job, clusters[index]!, index, deps, list);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PUTS, clusters.length) }, lane));
  return found;
}
