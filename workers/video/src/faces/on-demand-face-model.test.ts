import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVideoWorkerConfig } from '../config.ts';
import type { RgbFrame } from '../frames/sample-frames.ts';
import type { DetectedFace, FaceModel } from './face-model.ts';
import { loadFaceModel } from './load-face-model.ts';
import { OnDemandFaceModel } from './on-demand-face-model.ts';

const frame: RgbFrame = { width: 2, height: 2, data: new Uint8Array(12) };
const face: DetectedFace = { box: { x: 0, y: 0, width: 1, height: 1 }, score: 0.9, embedding: [1] };

/** A model that counts its loads and closes, and answers each frame when told to. */
function countingModels() {
  const counts = { loads: 0, closes: 0, failNextLoad: false };
  const answers: (() => void)[] = [];
  const load = async (): Promise<FaceModel> => {
    counts.loads += 1;
    if (counts.failNextLoad) {
      counts.failNextLoad = false;
      throw new Error('the model files could not be read');
    }
    return {
      name: 'counting',
      detect: () => new Promise((resolve) => answers.push(() => resolve([face]))),
      close: async () => {
        counts.closes += 1;
      },
    };
  };
  const answerAll = async () => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    for (const answer of answers.splice(0)) answer();
  };
  return { counts, load, answerAll };
}

const IDLE_MS = 60_000;

/** The on-demand model over counting models, released after IDLE_MS. */
function onDemand(parallelism: number) {
  const models = countingModels();
  const { load } = models;
  return {
    ...models,
    model: new OnDemandFaceModel({ name: 'face-api', parallelism, load, idleMs: IDLE_MS }),
  };
}

describe('OnDemandFaceModel', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('loads nothing until a frame needs the model, and names it before', () => {
    const { model, counts } = onDemand(2);
    expect(model.name).toBe('face-api');
    expect(model.parallelism).toBe(2);
    expect(model.isLoaded).toBe(false);
    expect(counts.loads).toBe(0);
  });

  it('loads once for frames side by side, and releases only after the idle time', async () => {
    const { model, counts, answerAll } = onDemand(2);
    const both = Promise.all([model.detect(frame, 'video'), model.detect(frame, 'video')]);
    await answerAll();
    expect(await both).toEqual([[face], [face]]);
    expect(counts.loads).toBe(1);

    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(model.isLoaded).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(model.isLoaded).toBe(false);
    await vi.waitFor(() => expect(counts.closes).toBe(1));
  });

  it('is not released while a frame is being detected, however long it takes', async () => {
    const { model, counts, answerAll } = onDemand(1);
    await Promise.all([model.detect(frame, 'picture'), answerAll()]);
    const slow = model.detect(frame, 'video');
    await vi.advanceTimersByTimeAsync(IDLE_MS * 3);
    expect(model.isLoaded).toBe(true);
    await answerAll();
    await slow;
    expect(counts.closes).toBe(0);
  });

  it('loads again for a frame after a release, once the released model has closed', async () => {
    const { model, counts, answerAll } = onDemand(1);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(counts).toMatchObject({ loads: 2, closes: 1 });
    await model.close();
    expect(counts.closes).toBe(2);
  });

  it('tries a failed load again with the next frame', async () => {
    const { model, counts, answerAll } = onDemand(1);
    counts.failNextLoad = true;
    await expect(model.detect(frame, 'video')).rejects.toThrow('could not be read');
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(counts.loads).toBe(2);
  });
});

describe('loadFaceModel', () => {
  it('refuses at start a backend whose package is not installed', () => {
    const config = readVideoWorkerConfig({ FACE_BACKEND: 'tensorflow' });
    expect(() => loadFaceModel(config)).toThrow(
      'FACE_BACKEND=tensorflow needs the @tensorflow/tfjs-node package',
    );
  });

  it('names the model by its descriptor and detectors without loading it', () => {
    const model = loadFaceModel(readVideoWorkerConfig({}));
    expect(model.name).toMatch(
      /^face-api@[\d.]+\/face-recognition-128d \(pictures: ssd-mobilenet-v1, videos: tiny-face-detector-512\+224; wasm\)$/,
    );
  });
});
