import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findBinaries } from '../frames/binaries.ts';
import { readPicture } from '../frames/picture.ts';
import { facePhoto, facesDir, PEOPLE } from '../test-support/media.ts';
import { startTensorFlow } from './face-api-runtime.ts';
import { useLeanFaceRecognition } from './lean-face-recognition.ts';

type FaceApi = Awaited<ReturnType<typeof startTensorFlow>>;
type Tensor3D = FaceApi['tf']['Tensor']['prototype'] & { shape: [number, number, number] };

const require = createRequire(import.meta.url);
const binaries = findBinaries();
let faceapi: FaceApi;
let models: string;
/** Faces as the video analysis gives them to the net: found, aligned by landmarks, cut out. */
const faces: Record<string, Tensor3D> = {};

beforeAll(async () => {
  faceapi = await startTensorFlow('wasm');
  models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  for (const net of [faceapi.nets.ssdMobilenetv1, faceapi.nets.faceLandmark68Net]) {
    await net.loadFromDisk(models);
  }
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  // face-api is one module a process: a file run before this one in the same vitest worker may
  // have put the lean pass on this net, and the reference must be face-api's own pass.
  Reflect.deleteProperty(faceapi.nets.faceRecognitionNet, 'forwardInput');
  const pictures = [...PEOPLE.map((person) => facePhoto(person, 2)), join(facesDir, 'bbt1.jpg')];
  for (const file of pictures) {
    const picture = await readPicture(file, binaries);
    const image = faceapi.tf.tensor3d(picture.data, [picture.height, picture.width, 3], 'int32');
    const surer = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.3 });
    const found = await faceapi.detectAllFaces(image, surer).withFaceLandmarks();
    const boxes = found.map(({ landmarks }) => landmarks.align(null, { useDlibAlignment: true }));
    const cut = await faceapi.extractFaceTensors(image, boxes);
    cut.forEach((face, index) => (faces[`${file}#${index}`] = face as Tensor3D));
    image.dispose();
  }
}, 120_000);

/** Tensors TensorFlow.js holds (face-api's types omit `memory`). */
const tensorCount = () =>
  (faceapi.tf as unknown as { memory(): { numTensors: number } }).memory().numTensors;

async function describeAll(): Promise<Record<string, Float32Array>> {
  const descriptors: Record<string, Float32Array> = {};
  for (const [name, face] of Object.entries(faces)) {
    descriptors[name] = (await faceapi.computeFaceDescriptor(face)) as Float32Array;
  }
  return descriptors;
}

describe('the lean face recognition net', () => {
  it("gives face-api's descriptors to 1e-4, holding no tensor between faces", async () => {
    const expected = await describeAll();
    expect(Object.keys(expected).length).toBeGreaterThan(PEOPLE.length);

    useLeanFaceRecognition(faceapi);
    const tensors = tensorCount();
    const actual = await describeAll();
    expect(tensorCount()).toBe(tensors);

    for (const [name, descriptor] of Object.entries(expected)) {
      const lean = actual[name]!;
      expect(lean, name).toHaveLength(128);
      const largest = Math.max(...descriptor.map((value, at) => Math.abs(value - lean[at]!)));
      expect(largest, name).toBeLessThan(1e-4);
    }
  });

  it('folds the same weights once, and frees the earlier fold when the net is loaded anew', async () => {
    useLeanFaceRecognition(faceapi);
    const first = await describeAll();
    // Put on the same weights again (another model load in this process): nothing refolded.
    useLeanFaceRecognition(faceapi);
    expect(await describeAll()).toEqual(first);

    const before = tensorCount();
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    useLeanFaceRecognition(faceapi);
    // The new weights folded, their originals and the earlier fold freed: at most the fully
    // connected layer of the new weights more (58 more when the earlier fold was kept).
    expect(tensorCount()).toBeLessThanOrEqual(before + 1);
    const reloaded = await describeAll();
    for (const [name, descriptor] of Object.entries(first)) {
      expect(Array.from(reloaded[name]!), name).toEqual(Array.from(descriptor));
    }
  });
});
