import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facesInPicture } from '../enrolment-job.ts';
import { findBinaries } from '../frames/binaries.ts';
import { readPicture } from '../frames/picture.ts';
import { facePhoto, PEOPLE } from '../test-support/media.ts';
import { FaceApiModel } from './face-api-model.ts';
import { ThreadedFaceModel } from './threaded-face-model.ts';
import { distance } from './vectors.ts';

const binaries = findBinaries();
const options = { backend: 'wasm', minConfidence: 0.3 } as const;
let single: FaceApiModel;
let threaded: ThreadedFaceModel;

beforeAll(async () => {
  [single, threaded] = await Promise.all([
    FaceApiModel.load(options),
    ThreadedFaceModel.load({ ...options, threads: 2 }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([single?.close(), threaded?.close()]);
});

describe('the face model on threads', () => {
  it('finds the same faces as in the process, several frames at once', async () => {
    expect(threaded.parallelism).toBe(2);
    expect(threaded.name).toBe(single.name);
    const pictures = await Promise.all(
      PEOPLE.map((person) => readPicture(facePhoto(person, 2), binaries)),
    );
    const [here, there] = await Promise.all([
      Promise.all(pictures.map((picture) => facesInPicture(picture, single))),
      Promise.all(pictures.map((picture) => facesInPicture(picture, threaded))),
    ]);
    expect(there.map((faces) => faces.length)).toEqual(here.map((faces) => faces.length));
    here.forEach((faces, index) => {
      expect(faces.length).toBeGreaterThan(0);
      expect(distance(faces[0]!.embedding, there[index]![0]!.embedding)).toBeLessThan(1e-3);
    });
  }, 120_000);
});
