import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { FaceBackend } from '../config.ts';
import type { RgbFrame } from '../frames/sample-frames.ts';
import type { DetectedFace, FaceModel } from './face-model.ts';

const require = createRequire(import.meta.url);

/** What the worker uses of the TensorFlow.js bundled with face-api (its types omit these). */
interface TfRuntime {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  setWasmPaths?(prefix: string): void;
  tensor3d(
    values: Uint8Array,
    shape: [number, number, number],
    dtype: 'int32',
  ): FaceApi.tf.Tensor3D;
}

/**
 * The face-api build and TensorFlow.js backend for each FACE_BACKEND. The tensorflow ones run
 * on libtensorflow (CUDA for -gpu) and need a package that is not installed by default.
 */
const BACKENDS: Record<FaceBackend, { build: string; tf: string; needs: string | null }> = {
  wasm: { build: 'face-api.node-wasm.js', tf: 'wasm', needs: null },
  cpu: { build: 'face-api.node-wasm.js', tf: 'cpu', needs: null },
  tensorflow: { build: 'face-api.node.js', tf: 'tensorflow', needs: '@tensorflow/tfjs-node' },
  'tensorflow-gpu': {
    build: 'face-api.node-gpu.js',
    tf: 'tensorflow',
    needs: '@tensorflow/tfjs-node-gpu',
  },
};

export interface FaceApiOptions {
  backend: FaceBackend;
  /** Faces the detector is less sure of are ignored. */
  minConfidence: number;
}

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * SSD MobileNet v1 detection, 68-point landmarks for alignment and the 128-d ResNet-34 face
 * descriptor, all shipped in the @vladmandic/face-api package (nothing is downloaded).
 */
export class FaceApiModel implements FaceModel {
  readonly name: string;
  private readonly faceapi: typeof FaceApi;
  private readonly tf: TfRuntime;
  private readonly options: FaceApi.SsdMobilenetv1Options;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(faceapi: typeof FaceApi, minConfidence: number, backend: string) {
    this.faceapi = faceapi;
    this.tf = faceapi.tf as unknown as TfRuntime;
    this.options = new faceapi.SsdMobilenetv1Options({ minConfidence });
    const version = (require('@vladmandic/face-api/package.json') as { version: string }).version;
    this.name = `face-api@${version}/ssd-mobilenet-v1+face-recognition-128d (${backend})`;
  }

  static async load(options: FaceApiOptions): Promise<FaceApiModel> {
    const backend = BACKENDS[options.backend];
    if (backend.needs) {
      try {
        require.resolve(backend.needs);
      } catch {
        throw new Error(
          `FACE_BACKEND=${options.backend} needs the ${backend.needs} package: ` +
            `npm install -w workers/video ${backend.needs}`,
        );
      }
    }
    const faceapi = require(`@vladmandic/face-api/dist/${backend.build}`) as typeof FaceApi;
    const tf = faceapi.tf as unknown as TfRuntime;
    if (backend.tf === 'wasm') {
      // A folder path, not a URL: Node's fetch cannot read files, emscripten's own loader can.
      tf.setWasmPaths?.(`${join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}/`);
    }
    if (!(await tf.setBackend(backend.tf))) {
      throw new Error(`The TensorFlow.js backend "${backend.tf}" could not be started`);
    }
    await tf.ready();
    const models = join(packageDir('@vladmandic/face-api'), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return new FaceApiModel(faceapi, options.minConfidence, tf.getBackend());
  }

  /** One frame at a time: the backend is single-threaded and each frame's tensors are large. */
  detect(frame: RgbFrame): Promise<DetectedFace[]> {
    const run = this.queue.then(() => this.detectNow(frame));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async detectNow(frame: RgbFrame): Promise<DetectedFace[]> {
    const input = this.tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
    try {
      const results = await this.faceapi
        .detectAllFaces(input, this.options)
        .withFaceLandmarks()
        .withFaceDescriptors();
      return results.map(({ detection, descriptor }) => ({
        box: {
          x: detection.box.x,
          y: detection.box.y,
          width: detection.box.width,
          height: detection.box.height,
        },
        score: detection.score,
        embedding: Array.from(descriptor),
      }));
    } finally {
      input.dispose();
    }
  }

  async close(): Promise<void> {
    await this.queue;
  }
}
