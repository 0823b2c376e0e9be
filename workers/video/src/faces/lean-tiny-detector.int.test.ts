import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findBinaries } from '../frames/binaries.ts';
import { padFrame, readPicture } from '../frames/picture.ts';
import type { RgbFrame } from '../frames/sample-frames.ts';
import { facePhoto, facesDir } from '../test-support/media.ts';
import { startTensorFlow } from './face-api-runtime.ts';
import { useLeanTinyFaceDetector } from './lean-tiny-detector.ts';

type FaceApi = Awaited<ReturnType<typeof startTensorFlow>>;

interface Found {
  box: [number, number, number, number];
  score: number;
}

const require = createRequire(import.meta.url);
const binaries = findBinaries();
let faceapi: FaceApi;
/**
 * Group photos (several faces; sides that do not shrink to whole pixels), a portrait padded into
 * a wider frame, and a 720p video frame (sides that do).
 */
const pictures: Record<string, RgbFrame> = {};

beforeAll(async () => {
  faceapi = await startTensorFlow('wasm');
  const packageDir = dirname(require.resolve('@vladmandic/face-api/package.json'));
  await faceapi.nets.tinyFaceDetector.loadFromDisk(join(packageDir, 'model'));
  // face-api is one module a process: a file run before this one in the same vitest worker may
  // have put the lean pass on this net, and the reference must be face-api's own pass.
  Reflect.deleteProperty(faceapi.nets.tinyFaceDetector, 'forwardInput');
  pictures.group1 = await readPicture(join(facesDir, 'bbt1.jpg'), binaries);
  pictures.group2 = await readPicture(join(facesDir, 'bbt2.jpg'), binaries);
  pictures.portrait = padFrame(await readPicture(facePhoto('howard', 1), binaries));
  pictures.video720p = inFrame(pictures.group1, 1280, 720);
}, 120_000);

/** The picture at the top left of a black video frame. */
function inFrame(picture: RgbFrame, width: number, height: number): RgbFrame {
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < picture.height; row++) {
    const line = picture.data.subarray(row * picture.width * 3, (row + 1) * picture.width * 3);
    data.set(line, row * width * 3);
  }
  return { width, height, data };
}

/** Tensors TensorFlow.js holds (face-api's types omit `memory`). */
const tensorCount = () =>
  (faceapi.tf as unknown as { memory(): { numTensors: number } }).memory().numTensors;

async function detectAll(frame: RgbFrame, inputSize: number): Promise<Found[]> {
  const input = faceapi.tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.3 });
    const faces = await faceapi.detectAllFaces(input, options);
    return faces.map(({ box, score }) => ({ box: [box.x, box.y, box.width, box.height], score }));
  } finally {
    input.dispose();
  }
}

async function detectEverywhere(): Promise<Record<string, Found[]>> {
  const found: Record<string, Found[]> = {};
  for (const [name, frame] of Object.entries(pictures)) {
    for (const size of [512, 224]) found[`${name}@${size}`] = await detectAll(frame, size);
  }
  return found;
}

describe('the lean tiny face detector', () => {
  it("finds the faces face-api's own forward pass finds, where it finds them, holding no tensor", async () => {
    const expected = await detectEverywhere();
    expect(expected['group1@512']!.length).toBeGreaterThanOrEqual(3);

    useLeanTinyFaceDetector(faceapi);
    const tensors = tensorCount();
    const actual = await detectEverywhere();
    expect(tensorCount()).toBe(tensors);

    for (const [frame, faces] of Object.entries(expected)) {
      expect(actual[frame], frame).toHaveLength(faces.length);
      faces.forEach((face, index) => {
        const lean = actual[frame]![index]!;
        lean.box.forEach((side, at) => expect(side, frame).toBeCloseTo(face.box[at]!, 3));
        expect(lean.score, frame).toBeCloseTo(face.score, 4);
      });
    }
  });
});
