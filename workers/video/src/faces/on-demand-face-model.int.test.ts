import { afterAll, describe, expect, it } from 'vitest';
import { readVideoWorkerConfig } from '../config.ts';
import { facesInPicture } from '../enrolment-job.ts';
import { findBinaries } from '../frames/binaries.ts';
import { readPicture } from '../frames/picture.ts';
import { facePhoto } from '../test-support/media.ts';
import { loadFaceModel } from './load-face-model.ts';
import { OnDemandFaceModel } from './on-demand-face-model.ts';
import { distance } from './vectors.ts';

const binaries = findBinaries();
const model = loadFaceModel(readVideoWorkerConfig({ FACE_MODEL_IDLE_SECONDS: '1' }));

afterAll(() => model.close());

describe("the worker's face model, loaded on demand", () => {
  it('loads with the first picture, ends its threads when idle and loads again', async () => {
    if (!(model instanceof OnDemandFaceModel)) throw new Error('not loaded on demand');
    expect(model.isLoaded).toBe(false);
    const picture = await readPicture(facePhoto('amy', 2), binaries);
    const first = await facesInPicture(picture, model);
    expect(first).toHaveLength(1);
    expect(model.isLoaded).toBe(true);

    await expect.poll(() => model.isLoaded, { timeout: 5_000 }).toBe(false);
    const again = await facesInPicture(picture, model);
    expect(distance(first[0]!.embedding, again[0]!.embedding)).toBeLessThan(1e-3);
  }, 120_000);
});
