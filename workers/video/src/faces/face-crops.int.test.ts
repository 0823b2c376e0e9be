import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaries } from '../frames/binaries.ts';
import { facePhoto, makeVideo } from '../test-support/media.ts';
import type { FaceSighting } from './clustering.ts';
import { sampleFrames } from '../frames/sample-frames.ts';
import { cropFaces, cropOnItsOwn, FrameCrops, THUMBNAIL_SIDE } from './face-crops.ts';

const binaries = findBinaries();
const settings = { sampleFps: 1, frameWidth: 640, frameHeight: 480 };
let folder: string;
let video: string;

/** Where makeVideo puts a still of side 300: in the middle of its 640 x 480 frame. */
const stillBox = { x: 170, y: 90, width: 300, height: 300 };
const sighting = (frame: number): FaceSighting => ({
  frame,
  time: frame,
  box: stillBox,
  embedding: [0],
});

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hub-face-crops-'));
  video = join(folder, 'shift.mp4');
  await makeVideo(
    binaries,
    [
      { file: facePhoto('amy', 2), seconds: 2, side: 300 },
      { file: facePhoto('howard', 2), seconds: 2, side: 300 },
    ],
    video,
  );
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Mean difference per channel value (0-255) of two crops, read back from their JPEGs. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [pixelsA, pixelsB] = await Promise.all(
    [a, b].map((jpeg) => sharp(jpeg).removeAlpha().raw().toBuffer()),
  );
  let sum = 0;
  for (let at = 0; at < pixelsA!.length; at += 1) sum += Math.abs(pixelsA![at]! - pixelsB![at]!);
  return sum / pixelsA!.length;
}

describe('face crops', () => {
  it('cuts every face from one more pass over the frames, as ffmpeg would one by one', async () => {
    const amy = sighting(0);
    const howard = sighting(3);
    const crops = await cropFaces(video, [amy, howard], binaries, settings);
    const [amyCrop, howardCrop] = [crops.get(amy), crops.get(howard)];
    expect(amyCrop).toBeInstanceOf(Buffer);
    expect(howardCrop).toBeInstanceOf(Buffer);
    const size = await sharp(amyCrop as Buffer).metadata();
    expect([size.format, size.width, size.height]).toEqual([
      'jpeg',
      THUMBNAIL_SIDE,
      THUMBNAIL_SIDE,
    ]);

    const amyAlone = await cropOnItsOwn(video, binaries, amy, settings);
    const howardAlone = await cropOnItsOwn(video, binaries, howard, settings);
    // The same face at the same place (JPEG and scaling aside), unlike the other person's.
    const same = await difference(amyCrop as Buffer, amyAlone);
    expect(same).toBeLessThan(8);
    expect(await difference(howardCrop as Buffer, howardAlone)).toBeLessThan(8);
    expect(await difference(amyCrop as Buffer, howardAlone)).toBeGreaterThan(same * 3);
  });

  it('crops a face the pass did not reach on its own, and tells why when it cannot', async () => {
    // Four faces up to 10 s: one pass (the video has 4 frames), then ffmpeg for the last.
    const beyond = sighting(10);
    const within = [sighting(1), sighting(2), sighting(3)];
    const crops = await cropFaces(video, [...within, beyond], binaries, settings);
    for (const face of within) expect(crops.get(face)).toBeInstanceOf(Buffer);
    expect(crops.get(beyond)).toBeInstanceOf(Error);
  });

  it('cuts the faces from the frames the analysis had at hand, reading nothing again', async () => {
    const amy = sighting(0);
    const howard = sighting(3);
    const cut = new FrameCrops();
    const sampling = { fps: 1, width: settings.frameWidth, height: settings.frameHeight };
    for await (const frame of sampleFrames(video, binaries, sampling)) {
      for (const face of [amy, howard]) if (face.frame === frame.index) cut.keep(face, frame);
    }
    // No such file: a crop read from it would fail.
    const crops = await cropFaces(join(folder, 'gone.mp4'), [amy, howard], binaries, settings, cut);
    const fromPass = await cropFaces(video, [amy, howard], binaries, settings);
    expect(crops.get(amy)).toEqual(fromPass.get(amy));
    expect(crops.get(howard)).toEqual(fromPass.get(howard));

    // Past its budget, a face's square is not kept, and its crop is read from the file.
    const none = new FrameCrops(1);
    for await (const frame of sampleFrames(video, binaries, sampling)) {
      if (frame.index === 0) none.keep(amy, frame);
    }
    expect(none.thumbnail(amy)).toBeUndefined();
    const read = await cropFaces(video, [amy], binaries, settings, none);
    expect(read.get(amy)).toEqual(fromPass.get(amy));
  });
});
