import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readVideoWorkerConfig } from '../config.ts';
import type { RgbFrame } from '../frames/sample-frames.ts';
import type { DetectedFace, FaceModel } from './face-model.ts';
import { loadFaceModel } from './load-face-model.ts';
import { OnDemandFaceModel } from './on-demand-face-model.ts';

const frame: RgbFrame = { width: 2, height: 2, data: new Uint8Array(12) };
const face: DetectedFace = { box: { x: 0, y: 0, width: 1, height: 1 }, score: 0.9, embedding: [1] };

/**
 * A model that counts its loads and closes (in order, in `events`; a close takes a moment, as
 * ending threads does), and answers each frame when told to.
 */
function countingModels() {
  const counts = { loads: 0, closes: 0, failNextLoad: false, failNextFrame: false };
  const events: string[] = [];
  const answers: (() => void)[] = [];
  const detect = () => {
    if (!counts.failNextFrame) {
      return new Promise<DetectedFace[]>((resolve) => answers.push(() => resolve([face])));
    }
    counts.failNextFrame = false;
    return Promise.reject(new Error('The face thread stopped (1)'));
  };
  const load = async (): Promise<FaceModel> => {
    counts.loads += 1;
    events.push('load');
    if (counts.failNextLoad) {
      counts.failNextLoad = false;
      throw new Error('the model files could not be read');
    }
    const close = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      counts.closes += 1;
      events.push('closed');
    };
    return { name: 'counting', space: 'counting@1/net-1d', detect, close };
  };
  const answerAll = async () => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    for (const answer of answers.splice(0)) answer();
  };
  return { counts, events, load, answerAll };
}

const IDLE_MS = 60_000;

/** The on-demand model over counting models, released after IDLE_MS. */
function onDemand(parallelism: number) {
  const models = countingModels();
  const { load } = models;
  return {
    ...models,
    model: new OnDemandFaceModel({
      name: 'face-api',
      space: 'counting@1/net-1d',
      parallelism,
      load,
      idleMs: IDLE_MS,
    }),
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
    const { model, counts, events, answerAll } = onDemand(1);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(events).toEqual(['load', 'closed', 'load']);
    await model.close();
    expect(counts.closes).toBe(2);
  });

  it('releases a model whose frame failed, so the next frame loads it afresh', async () => {
    const { model, counts, events, answerAll } = onDemand(1);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    counts.failNextFrame = true;
    await expect(model.detect(frame, 'video')).rejects.toThrow('The face thread stopped');
    expect(model.isLoaded).toBe(false);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(events).toEqual(['load', 'closed', 'load']);
  });

  it('takes no frame once closed', async () => {
    const { model, counts, answerAll } = onDemand(1);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    await model.close();
    await expect(model.detect(frame, 'video')).rejects.toThrow('The face model is closed');
    expect(counts).toMatchObject({ loads: 1, closes: 1 });
  });

  it('tries a failed load again with the next frame', async () => {
    const { model, counts, answerAll } = onDemand(1);
    counts.failNextLoad = true;
    await expect(model.detect(frame, 'video')).rejects.toThrow('could not be read');
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(counts.loads).toBe(2);
  });

  it('starts loading when prepared, and the frames that follow use that load', async () => {
    const { model, counts, answerAll } = onDemand(1);
    const prepared = model.prepare();
    expect(model.isLoaded).toBe(true);
    await prepared;
    expect(counts.loads).toBe(1);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(counts.loads).toBe(1);
  });

  it('releases a prepared model no frame came for after the idle time', async () => {
    const { model, counts } = onDemand(1);
    await model.prepare();
    expect(counts.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(model.isLoaded).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(model.isLoaded).toBe(false);
    await vi.waitFor(() => expect(counts.closes).toBe(1));
  });

  it('leaves a failed prepared load to the first frame, which loads again', async () => {
    const { model, counts, answerAll } = onDemand(1);
    counts.failNextLoad = true;
    await model.prepare();
    expect(model.isLoaded).toBe(false);
    await Promise.all([model.detect(frame, 'video'), answerAll()]);
    expect(counts.loads).toBe(2);
  });
});

describe('loadFaceModel', () => {
  it('refuses at start a backend whose package is not installed', async () => {
    const config = readVideoWorkerConfig({ FACE_BACKEND: 'tensorflow' });
    await expect(loadFaceModel(config)).rejects.toThrow(
      'FACE_BACKEND=tensorflow needs the @tensorflow/tfjs-node package',
    );
  });

  it('names the model by its descriptor and detectors without loading it', async () => {
    const model = await loadFaceModel(readVideoWorkerConfig({}));
    expect(model).toBeInstanceOf(OnDemandFaceModel);
    expect(model.name).toMatch(
      /^face-api@[\d.]+\/face-recognition-128d \(pictures: ssd-mobilenet-v1, videos: tiny-face-detector-512\+224\+zoom704\+960; wasm\)$/,
    );
  });
});
