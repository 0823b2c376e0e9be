import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { FfmpegBinaries } from '../frames/binaries.ts';
import { fitFilters, type RgbFrame, sampleFrames } from '../frames/sample-frames.ts';
import type { FaceSighting } from './clustering.ts';
import type { Box } from './face-model.ts';

const run = promisify(execFile);

/** Side of the stored crop, in pixels: enough to recognise someone in a list. */
export const THUMBNAIL_SIDE = 128;
/** The crop takes this much more than the face's box, so the face is seen whole. */
const CROP_MARGIN = 1.5;
/**
 * About how many seconds of video one more pass decodes in the time one ffmpeg started for a
 * single crop takes (0.14 s a crop, against 1 s to decode 48 s of 720p, on the 2-core machine).
 */
const SECONDS_DECODED_PER_CROP = 6;

/** How the analysis sampled the video: the crops are cut from the same frames. */
export interface CropSettings {
  sampleFps: number;
  frameWidth: number;
  frameHeight: number;
}

/** The JPEG crop of each sighting, or why it could not be made. */
export type FaceCrops = Map<FaceSighting, Buffer | Error>;

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

/**
 * A crop of each sighting's face: from its square cut during the analysis when kept (`cut`);
 * else from one more pass over the sampled frames, up to the last one needed, when that decodes
 * less than starting ffmpeg for each crop would cost (a short video, or many faces: 27 crops took
 * 3.8 s of a 9 s analysis one by one); one ffmpeg a crop otherwise (a few faces early in a long
 * video).
 */
export async function cropFaces(
  path: string,
  faces: readonly FaceSighting[],
  binaries: FfmpegBinaries,
  settings: CropSettings,
  cut?: FrameCrops,
): Promise<FaceCrops> {
  const crops: FaceCrops = new Map();
  // Encoded side by side (sharp works on libuv's threads), not one after the other.
  const thumbnails = faces.flatMap((sighting) => {
    const thumbnail = cut?.thumbnail(sighting);
    return thumbnail ? [thumbnail.catch(asError).then((jpeg) => ({ sighting, jpeg }))] : [];
  });
  for (const { sighting, jpeg } of await Promise.all(thumbnails)) crops.set(sighting, jpeg);
  const sightings = faces.filter((sighting) => !crops.has(sighting));
  if (sightings.length === 0) return crops;
  const lastTime = Math.max(...sightings.map((sighting) => sighting.time));
  if (lastTime <= sightings.length * SECONDS_DECODED_PER_CROP) {
    await cropInOnePass(path, sightings, binaries, settings, crops);
  }
  for (const sighting of sightings) {
    // Also one whose frame the pass did not reach (it failed, or read fewer frames).
    if (!crops.has(sighting)) {
      crops.set(sighting, await cropOnItsOwn(path, binaries, sighting, settings).catch(asError));
    }
  }
  return crops;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The frames decoded again as the analysis read them; each needed one cropped in memory. */
async function cropInOnePass(
  path: string,
  sightings: readonly FaceSighting[],
  binaries: FfmpegBinaries,
  settings: CropSettings,
  crops: FaceCrops,
): Promise<void> {
  const byFrame = new Map<number, FaceSighting[]>();
  for (const sighting of sightings) {
    byFrame.set(sighting.frame, [...(byFrame.get(sighting.frame) ?? []), sighting]);
  }
  const last = Math.max(...byFrame.keys());
  const sampling = {
    fps: settings.sampleFps,
    width: settings.frameWidth,
    height: settings.frameHeight,
  };
  try {
    for await (const frame of sampleFrames(path, binaries, sampling)) {
      for (const sighting of byFrame.get(frame.index) ?? []) {
        crops.set(sighting, await cropOfFrame(frame, sighting.box).catch(asError));
      }
      if (frame.index >= last) break;
    }
  } catch {
    // The faces not cropped yet are cropped one by one.
  }
}

/** A face's square of a frame, copied out and not yet scaled. */
interface FaceRegion {
  data: Uint8Array;
  side: number;
}

function cutRegion(frame: RgbFrame, box: Box): FaceRegion {
  const crop = cropAround(box, frame.width, frame.height);
  const rowBytes = crop.width * 3;
  const data = new Uint8Array(rowBytes * crop.height);
  for (let row = 0; row < crop.height; row += 1) {
    const from = ((crop.y + row) * frame.width + crop.x) * 3;
    data.set(frame.data.subarray(from, from + rowBytes), row * rowBytes);
  }
  return { data, side: crop.width };
}

function thumbnailOf({ data, side }: FaceRegion): Promise<Buffer> {
  return sharp(data, { raw: { width: side, height: side, channels: 3 } })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const cropOfFrame = (frame: RgbFrame, box: Box) => thumbnailOf(cutRegion(frame, box));

/**
 * Each face's square cut while the analysis has its frame at hand, so that the faces kept need
 * no second reading of the video; up to a budget of raw pixels (about 100 faces filling the
 * frame's height, 500 of a fifth of it), beyond which a long video's faces are cut from the file
 * again by cropFaces.
 */
export class FrameCrops {
  private readonly regions = new Map<FaceSighting, FaceRegion>();
  private bytes = 0;

  constructor(private readonly budgetBytes = 48 * 1024 * 1024) {}

  keep(sighting: FaceSighting, frame: RgbFrame): void {
    const crop = cropAround(sighting.box, frame.width, frame.height);
    const bytes = crop.width * crop.height * 3;
    if (this.bytes + bytes > this.budgetBytes) return;
    this.regions.set(sighting, cutRegion(frame, sighting.box));
    this.bytes += bytes;
  }

  /** The thumbnail of a face whose square was kept. */
  thumbnail(sighting: FaceSighting): Promise<Buffer> | undefined {
    const region = this.regions.get(sighting);
    return region && thumbnailOf(region);
  }
}

/**
 * The frame at the sighting's time, fitted as the analysis's frames were (so the box lands on
 * the face), cropped and encoded as JPEG by ffmpeg.
 */
export async function cropOnItsOwn(
  path: string,
  binaries: FfmpegBinaries,
  sighting: FaceSighting,
  settings: CropSettings,
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
