import type * as FaceApi from '@vladmandic/face-api';
import { fusedOps } from './fused-convolution.ts';

type Tf = typeof FaceApi.tf;
type Tensor1D = FaceApi.tf.Tensor1D;
type Tensor2D = FaceApi.tf.Tensor2D;
type Tensor4D = FaceApi.tf.Tensor4D;

/** A convolution followed by face-api's per-channel scale (`x * weights + biases`). */
interface ScaledConv {
  conv: { filters: Tensor4D; bias: Tensor1D };
  scale: { weights: Tensor1D; biases: Tensor1D };
}

interface ResidualParams {
  conv1: ScaledConv;
  conv2: ScaledConv;
}

const BLOCKS = [
  'conv32_1',
  'conv32_2',
  'conv32_3',
  'conv64_down',
  'conv64_1',
  'conv64_2',
  'conv64_3',
  'conv128_down',
  'conv128_1',
  'conv128_2',
  'conv256_down',
  'conv256_1',
  'conv256_2',
  'conv256_down_out',
] as const;

type FaceRecognitionParams = Record<(typeof BLOCKS)[number], ResidualParams> & {
  conv32_down: ScaledConv;
  fc: Tensor2D;
};

/** A scaled convolution as one: the scale folded into its filters and bias. */
interface FoldedConv {
  filters: Tensor4D;
  bias: Tensor1D;
}

interface FoldedBlock {
  conv1: FoldedConv;
  conv2: FoldedConv;
  /** A down block halves the sides (stride 2) and its shortcut is average-pooled. */
  down: boolean;
}

interface FoldedParams {
  first: FoldedConv;
  blocks: FoldedBlock[];
  fc: Tensor2D;
}

/** face-api's recognition input: RGB means subtracted, then divided by 255. */
const MEAN_RGB = [122.782, 117.001, 104.298];

/** TensorFlow.js's mean over axes; face-api's types omit it. */
interface MeanOp {
  mean(x: Tensor4D, axis: number[]): Tensor2D;
}

/**
 * The folded weights of each net, with the params they were folded from: a net loaded again
 * (face-api is one module a process, and each model load reads the weights anew) gets new
 * params, whose earlier folded set is freed; folding the same params twice would read the
 * originals, already released.
 */
const foldedOf = new WeakMap<object, { params: object; folded: FoldedParams }>();

/**
 * face-api's 128-d face descriptor (its ResNet-34-like `FaceRecognitionNet`), with each
 * convolution, its bias, its scale and its ReLU as one fused kernel instead of five operations,
 * and each block's temporaries freed as it ends rather than with the whole pass. The folded
 * scale changes the descriptor in the sixth decimal: `lean-face-recognition.int.test.ts` checks
 * it against face-api's own forward pass. The net's original weights are released once folded.
 */
export function useLeanFaceRecognition(faceapi: typeof FaceApi): void {
  const net = faceapi.nets.faceRecognitionNet;
  const params = net.params as unknown as FaceRecognitionParams | undefined;
  if (!params) throw new Error('FaceRecognitionNet - load model before folding it');
  const earlier = foldedOf.get(net);
  let folded = earlier?.params === params ? earlier.folded : undefined;
  if (!folded) {
    if (earlier) disposeFolded(earlier.folded);
    folded = foldParams(faceapi.tf, params);
    foldedOf.set(net, { params, folded });
  }
  const weights = folded;
  net.forwardInput = (input: FaceApi.NetInput): Tensor2D => runNet(faceapi.tf, input, weights);
}

/** The folded convolutions (the fully connected layer is the params', released with them). */
function disposeFolded(folded: FoldedParams): void {
  const convs = [folded.first, ...folded.blocks.flatMap((block) => [block.conv1, block.conv2])];
  for (const conv of convs) {
    conv.filters.dispose();
    conv.bias.dispose();
  }
}

function foldParams(tf: Tf, params: FaceRecognitionParams): FoldedParams {
  const fold = (layer: ScaledConv): FoldedConv => {
    const { conv, scale } = layer;
    const folded = tf.tidy(() => ({
      filters: tf.mul<Tensor4D>(conv.filters, scale.weights),
      bias: tf.add<Tensor1D>(tf.mul(conv.bias, scale.weights), scale.biases),
    }));
    for (const tensor of [conv.filters, conv.bias, scale.weights, scale.biases]) tensor.dispose();
    return folded;
  };
  return {
    first: fold(params.conv32_down),
    blocks: BLOCKS.map((name) => ({
      conv1: fold(params[name].conv1),
      conv2: fold(params[name].conv2),
      down: name.endsWith('_down') || name.endsWith('_down_out'),
    })),
    fc: params.fc,
  };
}

/** face-api's forward pass, block by block; each block frees the previous output. */
function runNet(tf: Tf, input: FaceApi.NetInput, params: FoldedParams): Tensor2D {
  const fused = fusedOps(tf);
  const conv = (x: Tensor4D, layer: FoldedConv, down: boolean, relu: boolean) =>
    fused.conv2d({
      x,
      filter: layer.filters,
      strides: down ? [2, 2] : [1, 1],
      pad: down ? 'valid' : 'same',
      bias: layer.bias,
      activation: relu ? 'relu' : 'linear',
    });
  let out = tf.tidy(() => {
    const batch = tf.cast<Tensor4D>(input.toBatchTensor(150, true), 'float32');
    const normalized = tf.div<Tensor4D>(tf.sub(batch, tf.tensor1d(MEAN_RGB)), 255);
    return tf.maxPool(conv(normalized, params.first, true, true), 3, 2, 'valid');
  });
  for (const block of params.blocks) {
    const next = tf.tidy(() => {
      const residual = conv(conv(out, block.conv1, block.down, true), block.conv2, false, false);
      return tf.relu(block.down ? addDown(tf, out, residual) : tf.add<Tensor4D>(out, residual));
    });
    out.dispose();
    out = next;
  }
  const descriptor = tf.tidy(() =>
    tf.matMul<Tensor2D>((tf as unknown as MeanOp).mean(out, [1, 2]), params.fc),
  );
  out.dispose();
  return descriptor;
}

/**
 * A down block's sum, as face-api makes it: the input average-pooled, with zero channels after
 * its own where the residual has twice as many, plus the residual, given a zero last row and
 * column where the pooled input is a row and a column larger (the 8x8 and 4x4 blocks).
 */
function addDown(tf: Tf, input: Tensor4D, residual: Tensor4D): Tensor4D {
  let pooled = tf.avgPool(input, 2, 2, 'valid');
  let sum = residual;
  if (pooled.shape[1] !== sum.shape[1] || pooled.shape[2] !== sum.shape[2]) {
    sum = tf.pad(sum, [
      [0, 0],
      [0, 1],
      [0, 1],
      [0, 0],
    ]);
  }
  if (pooled.shape[3] !== sum.shape[3]) pooled = tf.concat([pooled, tf.zeros(pooled.shape)], 3);
  return tf.add(pooled, sum);
}
