/** face-api's TensorFlow.js runtime: the backend's package, its start, the models' folder. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { FaceBackend } from '../config.ts';
import { installWasmKernels, type KernelRegistry } from './wasm-kernels.ts';

const require = createRequire(import.meta.url);

/** What the worker uses of the TensorFlow.js bundled with face-api (its types omit these). */
export interface TfRuntime {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  setWasmPaths?(prefix: string): void;
  tensor3d(
    values: Uint8Array,
    shape: [number, number, number],
    dtype: 'float32',
  ): FaceApi.tf.Tensor3D;
}

/**
 * The face-api build and TensorFlow.js backend for each FACE_BACKEND. The tensorflow ones run
 * on libtensorflow (CUDA for -gpu) and need a package that is not installed by default.
 */
export const BACKENDS: Record<FaceBackend, { build: string; tf: string; needs: string | null }> = {
  wasm: { build: 'face-api.node-wasm.js', tf: 'wasm', needs: null },
  cpu: { build: 'face-api.node-wasm.js', tf: 'cpu', needs: null },
  tensorflow: { build: 'face-api.node.js', tf: 'tensorflow', needs: '@tensorflow/tfjs-node' },
  'tensorflow-gpu': {
    build: 'face-api.node-gpu.js',
    tf: 'tensorflow',
    needs: '@tensorflow/tfjs-node-gpu',
  },
};

/** The tensorflow backends need a package that is not installed by default. */
export function assertBackendInstalled(name: FaceBackend): void {
  const needs = BACKENDS[name].needs;
  if (!needs) return;
  try {
    require.resolve(needs);
  } catch {
    throw new Error(
      `FACE_BACKEND=${name} needs the ${needs} package: npm install -w workers/video ${needs}`,
    );
  }
}

/**
 * The space of the model's embeddings: the face-api package's 128-d face recognition net, the
 * same whichever detector found the face and whichever backend ran it. Its version is part of it,
 * as a release may ship other weights.
 */
export function faceEmbeddingSpace(): string {
  const version = (require('@vladmandic/face-api/package.json') as { version: string }).version;
  return `face-api@${version}/face-recognition-128d`;
}

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
/** The models shipped in the face-api package (nothing is downloaded). */
export const MODELS = join(packageDir('@vladmandic/face-api'), 'model');

/**
 * face-api with TensorFlow.js running on the backend; on wasm, with the faster copies of
 * `wasm-kernels.ts`.
 */
export async function startTensorFlow(name: FaceBackend): Promise<typeof FaceApi> {
  assertBackendInstalled(name);
  const backend = BACKENDS[name];
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
  if (backend.tf === 'wasm') installWasmKernels(faceapi.tf as unknown as KernelRegistry);
  return faceapi;
}
