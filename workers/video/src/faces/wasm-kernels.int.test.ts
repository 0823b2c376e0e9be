import { beforeAll, describe, expect, it } from 'vitest';
import { startTensorFlow } from './face-api-runtime.ts';
import type { KernelRegistry } from './wasm-kernels.ts';

type FaceApi = Awaited<ReturnType<typeof startTensorFlow>>;
type Tensor = FaceApi['tf']['Tensor']['prototype'];

let faceapi: FaceApi;
/** The registry and backend of face-api's TensorFlow.js (its types omit them). */
const runtime = () => faceapi.tf as unknown as KernelRegistry & { getBackend(): string };

/** Numbers 0, 1, 2, ... in `shape`, so that any misplaced copy shows. */
const counting = (shape: number[], dtype: 'float32' | 'int32' | 'bool' = 'float32') => {
  const length = shape.reduce((a, b) => a * b, 1);
  const values = Array.from({ length }, (_, index) => (dtype === 'bool' ? index % 3 : index));
  return faceapi.tf.tensor(values, shape, dtype);
};

/** TensorFlow.js's leaky ReLU; face-api's types omit it. */
const leakyRelu = (x: Tensor, alpha: number) =>
  (faceapi.tf as unknown as { leakyRelu(x: Tensor, alpha: number): Tensor }).leakyRelu(x, alpha);

/** TensorFlow.js's fused convolutions; face-api's types omit them. */
type FusedConvolution = (args: {
  x: Tensor;
  filter: Tensor;
  strides: [number, number];
  pad: 'same';
  bias: Tensor;
  activation: 'leakyrelu' | 'relu';
  leakyreluAlpha: number;
}) => Tensor;

/**
 * A 3x3 convolution of a 4x5 picture with 3 channels into 2, its bias and activation fused. Its
 * numbers are whole and small, so every backend sums them exactly, in whatever order.
 */
function convolution(activation: 'leakyrelu' | 'relu', kind: 'conv2d' | 'depthwiseConv2d') {
  const { tf } = faceapi;
  const fused = (tf as unknown as { fused: Record<typeof kind, FusedConvolution> }).fused[kind];
  const x = tf.sub(counting([1, 4, 5, 3]), 30);
  const shape = [3, 3, 3, kind === 'conv2d' ? 2 : 1];
  const weights = Array.from({ length: shape.reduce((a, b) => a * b) }, (_, at) => (at % 5) - 2);
  const filter = tf.tensor(weights, shape);
  const bias = tf.tensor1d(kind === 'conv2d' ? [-3, 4] : [-3, 4, 1]);
  return fused({ x, filter, strides: [1, 1], pad: 'same', bias, activation, leakyreluAlpha: 0.25 });
}

/** An operation and whether the new kernel does it (or hands it to the backend's own). */
interface Case {
  run: () => Tensor;
  fast: boolean;
}

const CASES: Record<string, Case> = {
  'concat: three channels, one number each (face-api mean subtraction)': {
    run: () =>
      faceapi.tf.concat(
        [1, 2, 3].map(() => counting([1, 5, 7, 1])),
        3,
      ),
    fast: true,
  },
  'concat: pieces of several numbers along a middle axis': {
    run: () => faceapi.tf.concat([counting([2, 3, 4]), counting([2, 5, 4])], 1),
    fast: true,
  },
  'concat: a negative axis': {
    run: () => faceapi.tf.concat([counting([4, 2]), counting([4, 3])], -1),
    fast: true,
  },
  'concat: booleans': {
    run: () => faceapi.tf.concat([counting([3, 2], 'bool'), counting([3, 1], 'bool')], 1),
    fast: true,
  },
  'concat: along the first axis (whole inputs, left to the backend)': {
    run: () => faceapi.tf.concat([counting([2, 40]), counting([3, 40])], 0),
    fast: false,
  },
  'concat: long integer rows (left to the backend)': {
    run: () => faceapi.tf.concat([counting([3, 200], 'int32'), counting([3, 100], 'int32')], 1),
    fast: false,
  },
  'concat: with an empty input (left to the backend)': {
    run: () => faceapi.tf.concat([counting([4, 0]), counting([4, 3])], 1),
    fast: false,
  },
  'slice: a face out of a frame (rows and columns, all channels)': {
    run: () => faceapi.tf.slice(counting([20, 30, 3], 'int32'), [4, 7, 0], [9, 11, 3]),
    fast: true,
  },
  'slice: to the end (-1 sizes)': {
    run: () => faceapi.tf.slice(counting([1, 12, 10, 3]), [0, 2, 3], [-1, -1]),
    fast: true,
  },
  'slice: carrying across several leading dimensions': {
    run: () => faceapi.tf.slice(counting([3, 4, 5, 20]), [1, 1, 2, 0], [2, 3, 2, 20]),
    fast: true,
  },
  'slice: contiguous rows': {
    run: () => faceapi.tf.slice(counting([10, 40]), [3, 0], [4, 40]),
    fast: true,
  },
  'slice: one channel (short runs, left to the backend)': {
    run: () => faceapi.tf.slice(counting([10, 10, 3]), [1, 1, 1], [5, 5, 1]),
    fast: false,
  },
  'leaky ReLU: floats, a length not a multiple of four': {
    run: () => leakyRelu(faceapi.tf.sub(counting([2, 3, 5]), 14.5), 0.25),
    fast: true,
  },
  'leaky ReLU with alpha over 1 (max(x, alpha x) is not it: left to the backend)': {
    run: () => leakyRelu(faceapi.tf.sub(counting([2, 3, 5]), 14.5), 2),
    fast: false,
  },
  'convolution with leaky ReLU (the tiny face detector)': {
    run: () => convolution('leakyrelu', 'conv2d'),
    fast: true,
  },
  'depthwise convolution with leaky ReLU': {
    run: () => convolution('leakyrelu', 'depthwiseConv2d'),
    fast: true,
  },
  'convolution with ReLU (left to the backend)': {
    run: () => convolution('relu', 'conv2d'),
    fast: false,
  },
  'slice: nothing (left to the backend)': {
    run: () => faceapi.tf.slice(counting([10, 40]), [3, 0], [0, 40]),
    fast: false,
  },
};

const KERNELS = ['Concat', 'Slice', 'LeakyRelu', 'FusedConv2D', 'FusedDepthwiseConv2D'];

const isLinear = (args: { attrs?: { activation?: string } }) => args.attrs?.activation === 'linear';

/** Each operation's values and shape on TensorFlow.js's reference (cpu) backend. */
const expected = new Map<string, { shape: number[]; values: unknown[] }>();
/** Calls that reached the backend's own kernels. */
let ownCalls = 0;

const answer = async (tensor: Tensor) => ({
  shape: tensor.shape,
  values: Array.from(await tensor.data()),
});

beforeAll(async () => {
  faceapi = await startTensorFlow('cpu');
  for (const [name, { run }] of Object.entries(CASES)) expected.set(name, await answer(run()));
  // The backend's own kernels count their calls, then the new ones are installed over them.
  for (const name of KERNELS) {
    const own = runtime().getKernel(name, 'wasm')!;
    const counted = (args: never) => {
      // The new convolution kernels have the backend's convolve without activation.
      if (!isLinear(args)) ownCalls += 1;
      return own.kernelFunc(args);
    };
    runtime().unregisterKernel(name, 'wasm');
    runtime().registerKernel({ ...own, kernelFunc: counted });
  }
  faceapi = await startTensorFlow('wasm');
});

describe('the wasm kernels for concatenation, slices and leaky ReLU', () => {
  it('run on the wasm backend, installed once however often TensorFlow.js starts', async () => {
    expect(runtime().getBackend()).toBe('wasm');
    const kernel = runtime().getKernel('Concat', 'wasm');
    await startTensorFlow('wasm');
    expect(runtime().getKernel('Concat', 'wasm')).toBe(kernel);
  });

  it.each(Object.keys(CASES))('give the reference answer: %s', async (name) => {
    const { run, fast } = CASES[name]!;
    const before = ownCalls;
    expect(await answer(run())).toEqual(expected.get(name));
    expect(ownCalls > before).toBe(!fast);
  });

  it('leave a wrong axis to the backend, which refuses it', () => {
    expect(() => faceapi.tf.concat([counting([2, 2]), counting([2, 2])], 2)).toThrow();
  });
});
