import type { AnalysisDeps } from '../analysis-job.ts';
import { sampleFrames, type SampledFrame } from '../frames/sample-frames.ts';
import { unchangedFrame } from '../frames/unchanged-frames.ts';
import type { FaceSighting } from './clustering.ts';
import { FrameCrops } from './face-crops.ts';
import type { FaceModel } from './face-model.ts';

/**
 * The faces found in a frame (by its own detection, or by that of the last frame detected when
 * this one is unchanged from it), each one's square cut from this frame while it is at hand.
 */
function sightingsOf(
  frame: SampledFrame,
  faces: readonly Pick<FaceSighting, 'box' | 'embedding'>[],
  cut: FrameCrops,
): FaceSighting[] {
  const sightings = faces.map(({ box, embedding }) => ({
    frame: frame.index,
    time: frame.time,
    box,
    embedding,
  }));
  for (const sighting of sightings) cut.keep(sighting, frame);
  return sightings;
}

/** The frame's faces, as the model finds them. */
async function sightingsIn(
  frame: SampledFrame,
  faces: FaceModel,
  cut: FrameCrops,
): Promise<FaceSighting[]> {
  return sightingsOf(frame, await faces.detect(frame, 'video'), cut);
}

/** The faces sighted in a video, with the squares cut from its frames meanwhile. */
export interface SightedVideo {
  sightings: FaceSighting[];
  frames: number;
  /** The frames the model ran on: the others were unchanged from the last one it ran on. */
  detected: number;
  cut: FrameCrops;
}

/**
 * Every face sighted in the video's sampled frames, and how many frames there were. Frames are
 * decoded once and detected as many at a time as the model has threads, with one more already
 * sent, so that a thread finishing a frame finds the next one waiting instead of idling while it
 * is read from ffmpeg and copied; answers are taken in order. A frame unchanged from the last one
 * detected (a still, a paused screen) has that one's faces, once they are known, without a
 * detection of its own: compared with the last frame detected, not the one before it, so a scene
 * drifting a little a frame is detected again once it has drifted beyond the encoder's rounding.
 */
export async function sightVideo(
  path: string,
  deps: Pick<AnalysisDeps, 'settings' | 'binaries' | 'faces'>,
  signal: AbortSignal,
  framesDone: (frames: number) => void,
): Promise<SightedVideo> {
  const { settings } = deps;
  const sampling = {
    fps: settings.sampleFps,
    width: settings.frameWidth,
    height: settings.frameHeight,
    signal,
  };
  const sightings: FaceSighting[] = [];
  const cut = new FrameCrops();
  let frames = 0;
  const inFlight: Promise<FaceSighting[]>[] = [];
  const take = async () => {
    sightings.push(...(await inFlight.shift()!));
    frames += 1;
    framesDone(frames);
  };
  let lastDetected: { frame: SampledFrame; sightings: Promise<FaceSighting[]> } | undefined;
  let detections = 0;
  for await (const frame of sampleFrames(path, deps.binaries, sampling)) {
    const last = lastDetected;
    let detected: Promise<FaceSighting[]>;
    if (last && unchangedFrame(frame, last.frame)) {
      detected = last.sightings.then((faces) => sightingsOf(frame, faces, cut));
    } else {
      detected = sightingsIn(frame, deps.faces, cut);
      lastDetected = { frame, sightings: detected };
      detections += 1;
    }
    // Awaited in turn below; if an earlier frame fails first, this one's failure is moot.
    detected.catch(() => undefined);
    inFlight.push(detected);
    if (inFlight.length > (deps.faces.parallelism ?? 1)) await take();
  }
  while (inFlight.length > 0) await take();
  return { sightings, frames, detected: detections, cut };
}
