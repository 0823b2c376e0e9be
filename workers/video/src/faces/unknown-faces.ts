import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { logger, type ObjectStorage } from '@hub/runtime';
import {
  UNKNOWN_FACES_PER_VIDEO,
  type UnknownFaceFound,
  type VideoAnalysisJob,
} from '@hub/proto/jobs';
import type { FfmpegBinaries } from '../frames/binaries.ts';
import { fitFilters } from '../frames/sample-frames.ts';
import type { PersonCluster, FaceSighting } from './clustering.ts';
import type { Box } from './face-model.ts';

const run = promisify(execFile);
const log = logger('unknown-faces');

/** Side of the stored crop, in pixels: enough to recognise someone in a list. */
export const THUMBNAIL_SIDE = 128;
/** The crop takes this much more than the face's box, so the face is seen whole. */
const CROP_MARGIN = 1.5;

export interface UnknownFaceSettings {
  frameWidth: number;
  frameHeight: number;
}

/** The largest sighting of a cluster: its sharpest, most recognisable face. */
export function bestSighting(cluster: PersonCluster): FaceSighting {
  const area = (box: Box) => box.width * box.height;
  return cluster.sightings.reduce((best, sighting) =>
    area(sighting.box) > area(best.box) ? sighting : best,
  );
}

/** A square around the face, widened by the margin and kept inside the frame; even sides. */
export function cropAround(box: Box, frameWidth: number, frameHeight: number): Box {
  const side = Math.min(
    Math.round(Math.max(box.width, box.height) * CROP_MARGIN),
    frameWidth,
    frameHeight,
  );
  const even = Math.max(2, side - (side % 2));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(Math.round(value), max));
  return {
    x: clamp(box.x + box.width / 2 - even / 2, frameWidth - even),
    y: clamp(box.y + box.height / 2 - even / 2, frameHeight - even),
    width: even,
    height: even,
  };
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
 * The frame at the sighting's time, fitted as the analysis's frames were (so the box lands on
 * the face), cropped and encoded as JPEG by ffmpeg.
 */
async function cropJpeg(
  path: string,
  binaries: FfmpegBinaries,
  sighting: FaceSighting,
  settings: UnknownFaceSettings,
): Promise<Buffer> {
  const crop = cropAround(sighting.box, settings.frameWidth, settings.frameHeight);
  const filters = [
    ...fitFilters(settings.frameWidth, settings.frameHeight),
    `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`,
    `scale=${THUMBNAIL_SIDE}:${THUMBNAIL_SIDE}`,
  ];
  const { stdout } = await run(
    binaries.ffmpeg,
    [
      ...['-v', 'error', '-ss', String(sighting.time), '-i', path, '-frames:v', '1'],
      ...['-vf', filters.join(','), '-q:v', '4', '-f', 'mjpeg', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024, timeout: 30_000 },
  );
  if (stdout.byteLength === 0) throw new Error('ffmpeg made no picture');
  return stdout;
}

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
    binaries: FfmpegBinaries;
    model: string;
    space: string;
    settings: UnknownFaceSettings;
  },
  path: string,
  list: FaceList = 'unidentified',
): Promise<UnknownFaceFound[]> {
  const found: UnknownFaceFound[] = [];
  for (const [index, cluster] of unknown.slice(0, UNKNOWN_FACES_PER_VIDEO).entries()) {
    let key: string | null = thumbnailKey(job, index, list);
    try {
      const jpeg = await cropJpeg(path, deps.binaries, bestSighting(cluster), deps.settings);
      await deps.storage.put(key, jpeg, 'image/jpeg', jpeg.byteLength);
    } catch (error) {
      log.warn({ err: error, videoId: job.videoId, index }, 'unknown face crop not made');
      key = null;
    }
    const embedding = cluster.centroid.map((value) => Math.round(value * 1e6) / 1e6);
    found.push({ index, embedding, space: deps.space, model: deps.model, thumbnailKey: key });
  }
  return found;
}
