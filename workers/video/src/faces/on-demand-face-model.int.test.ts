import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVideoWorkerConfig } from '../config.ts';
import { facesInPicture } from '../enrolment-job.ts';
import { findBinaries } from '../frames/binaries.ts';
import { readPicture } from '../frames/picture.ts';
import { facePhoto } from '../test-support/media.ts';
import type { FaceModel } from './face-model.ts';
import { loadFaceModel } from './load-face-model.ts';
import { OnDemandFaceModel } from './on-demand-face-model.ts';
import { distance } from './vectors.ts';

const binaries = findBinaries();
let model: FaceModel;
const folder = mkdtempSync(join(tmpdir(), 'face-frames-'));

beforeAll(async () => {
  model = await loadFaceModel(readVideoWorkerConfig({ FACE_MODEL_IDLE_SECONDS: '1' }));
});

afterAll(async () => {
  await model?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the worker's face model, loaded on demand", () => {
  it('loads with the first picture, ends its threads when idle and loads again', async () => {
    const onDemand = model;
    if (!(onDemand instanceof OnDemandFaceModel)) throw new Error('not loaded on demand');
    expect(onDemand.isLoaded).toBe(false);
    const picture = await readPicture(facePhoto('amy', 2), binaries);
    const first = await facesInPicture(picture, onDemand);
    expect(first).toHaveLength(1);
    expect(onDemand.isLoaded).toBe(true);

    await expect.poll(() => onDemand.isLoaded, { timeout: 5_000 }).toBe(false);
    const again = await facesInPicture(picture, onDemand);
    expect(distance(first[0]!.embedding, again[0]!.embedding)).toBeLessThan(1e-3);
  }, 120_000);
});

/** A 640x480 close-up photo enlarged into a 1280x720 frame, as an old camera's video is. */
function enlargedCloseUp(photo: string): string {
  const output = join(folder, `close-up-${basename(photo)}`);
  const fit = (w: number, h: number) =>
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`;
  execFileSync(binaries.ffmpeg, [
    ...['-v', 'error', '-y', '-i', photo, '-vf', `${fit(640, 480)},${fit(1280, 720)}`, output],
  ]);
  return output;
}

describe('video frames', () => {
  it('find a face that fills the frame once, though the detector finds it at both sizes', async () => {
    for (const photo of [2, 3] as const) {
      const frame = await readPicture(enlargedCloseUp(facePhoto('amy', photo)), binaries);
      expect(await model.detect(frame, 'video')).toHaveLength(1);
    }
  }, 120_000);
});
