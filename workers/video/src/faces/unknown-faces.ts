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

/**
 * Each person's representative embedding and a crop of their face, for the video service to
 * group the unidentified ones with the organization's other unknown faces (and an identified one
 * once a supervisor rejects its match). A crop that cannot be made leaves the face without a
 * picture; it does not fail the analysis.
 */
export async function keepUnknownFaces(
  job: VideoAnalysisJob,
  unknown: readonly PersonCluster[],
  deps: {
    storage: ObjectStorage;
    model: string;
    space: string;
    /** Made beforehand for the best sighting of each (cropFaces). */
    crops: FaceCrops;
  },
  list: FaceList = 'unidentified',
): Promise<UnknownFaceFound[]> {
  const found: UnknownFaceFound[] = [];
  for (const [index, cluster] of unknown.slice(0, UNKNOWN_FACES_PER_VIDEO).entries()) {
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
    found.push({ index, embedding, space: deps.space, model: deps.model, thumbnailKey: key });
  }
  return found;
}
