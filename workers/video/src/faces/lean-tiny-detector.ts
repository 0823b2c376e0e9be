import type * as FaceApi from '@vladmandic/face-api';
import { fusedOps } from './fused-convolution.ts';

type Tf = typeof FaceApi.tf;
type Tensor4D = FaceApi.tf.Tensor4D;
type Tensor1D = FaceApi.tf.Tensor1D;

interface ConvParams {
  filters: Tensor4D;
  bias: Tensor1D;
}

interface SeparableConvParams {
  depthwise_filter: Tensor4D;
  pointwise_filter: Tensor4D;
  bias: Tensor1D;
}

/** The tiny face detector's layers (face-api's `MobilenetParams` with a plain first layer). */
interface TinyFaceParams {
  conv0: ConvParams;
  conv1: SeparableConvParams;
  conv2: SeparableConvParams;
  conv3: SeparableConvParams;
  conv4: SeparableConvParams;
  conv5: SeparableConvParams;
  conv6?: SeparableConvParams;
  conv7?: SeparableConvParams;
  conv8: ConvParams;
}

/** face-api's leaky ReLU: max(x, 0.1x), its 0.1 as a float32. */
const LEAKY = { activation: 'leakyrelu', leakyreluAlpha: 0.10000000149011612 } as const;

/**
 * face-api's tiny face detector, computing the same numbers with less memory. face-api runs the
 * whole network in one `tidy`, so every layer's output (and the leaky ReLU's three temporaries
 * of each) stays alive until the end, and it pads the frame to a square before shrinking it;
 * TensorFlow.js's wasm heap grows to that peak and never shrinks. Here each layer frees the one
 * before it, bias and activation are fused into the convolution, and the frame is shrunk first,
 * then padded: the wasm heap of a face thread peaks about 130 MiB lower and frames go ~15 %
 * faster (bench/face-memory.mjs). `lean-tiny-detector.int.test.ts` checks the boxes and scores
 * against face-api's own forward pass.
 */
export function useLeanTinyFaceDetector(faceapi: typeof FaceApi): void {
  const detector = faceapi.nets.tinyFaceDetector;
  const meanRgb = detector.config.meanRgb ?? [0, 0, 0];
  detector.forwardInput = (input: FaceApi.NetInput, inputSize: number): Tensor4D => {
    const params = detector.params as unknown as TinyFaceParams | undefined;
    if (!params) throw new Error('TinyFaceDetector - load model before inference');
    const first = firstLayer(faceapi.tf, { input, inputSize, meanRgb, conv0: params.conv0 });
    return runLayers(faceapi.tf, first, params);
  };
}

interface FirstLayer {
  input: FaceApi.NetInput;
  inputSize: number;
  meanRgb: number[];
  conv0: ConvParams;
}

type Scaling = ReturnType<typeof scalingOf>;

/** How face-api scales a frame: padded at its end to a square, shrunk to the input size. */
function scalingOf({ input, inputSize }: FirstLayer) {
  const image = input.imageTensors[0];
  if (!image || input.batchSize !== 1) throw new Error('The detector takes one frame at a time');
  const [height, width] = image.shape.slice(-3) as [number, number, number];
  const side = Math.max(height, width);
  const [rows, columns] = [(height * inputSize) / side, (width * inputSize) / side];
  // face-api reads the scaled size through this, which its own toBatchTensor would have set.
  (input as unknown as { _inputSize: number })._inputSize = inputSize;
  return { image, height, width, side, rows, columns };
}

/** The operations of the first layer: face-api's normalization, convolution, then pooling. */
function firstOps(tf: Tf, { meanRgb, conv0 }: FirstLayer) {
  const fused = fusedOps(tf);
  return {
    normalize: (x: Tensor4D) => tf.div<Tensor4D>(tf.sub(x, tf.tensor1d(meanRgb)), 255),
    convolve: (x: Tensor4D) =>
      fused.conv2d({
        x,
        filter: conv0.filters,
        strides: [1, 1],
        pad: 'valid',
        bias: conv0.bias,
        ...LEAKY,
      }),
    pool: (x: Tensor4D) => tf.maxPool(x, [2, 2], [2, 2], 'same'),
  };
}

/**
 * The first convolution and pooling of the frame, as face-api computes them from its padded
 * square. A frame wider than tall (every video frame: they are fitted into 1280x720) leaves the
 * square's lower rows padding, the same numbers in every place, and below the frame's own rows
 * the first convolution (3x3, no padding of its own) gives one and the same vector everywhere.
 * It is computed once a pass, from a blank strip, and repeated: the convolution runs on the frame's
 * rows only (56 % of the square at 16:9), and on the pixels it would have seen in the square,
 * so each number is the one face-api computes. Other frames go through the whole square.
 */
function firstLayer(tf: Tf, layer: FirstLayer): Tensor4D {
  const scaling = scalingOf(layer);
  const { image, rows, columns } = scaling;
  const { inputSize } = layer;
  const frame = image.rank === 4 ? (image as Tensor4D) : tf.expandDims<Tensor4D>(image, 0);
  // The convolution's rows the frame reaches, even: pooling takes rows two by two.
  const frameRows = rows + (rows % 2);
  const banded = Number.isInteger(rows) && columns === inputSize && frameRows + 2 < inputSize;
  const pooled = banded
    ? bandedFirstLayer(tf, layer, frame, rows, frameRows)
    : squareFirstLayer(tf, layer, frame, scaling);
  if (frame !== image) frame.dispose();
  return pooled;
}

function bandedFirstLayer(
  tf: Tf,
  layer: FirstLayer,
  frame: Tensor4D,
  rows: number,
  frameRows: number,
): Tensor4D {
  const { normalize, convolve, pool } = firstOps(tf, layer);
  const { inputSize } = layer;
  const below = (tensor: Tensor4D, padding: number) =>
    tf.pad(tensor, [
      [0, 0],
      [0, padding],
      [0, 0],
      [0, 0],
    ]);
  const top = tf.tidy(() => {
    const shrunk = tf.image.resizeBilinear(frame, [rows, inputSize]);
    // The padding rows the convolution's last rows see, as in the square.
    return pool(convolve(normalize(below(shrunk, frameRows + 2 - rows))));
  });
  const whole = tf.tidy(() => {
    const blank = tf.zeros([1, 4, inputSize, 3]) as Tensor4D;
    const padding = pool(convolve(normalize(blank)));
    const pooledRows = Math.ceil((inputSize - 2) / 2);
    const [, , columns, channels] = padding.shape;
    // Repeated by a product with ones (x * 1 is x, -0 included): the wasm backend tiles one
    // number at a time, which took longer than the convolution saved.
    const ones = tf.fill([1, pooledRows - frameRows / 2, columns, channels], 1);
    return tf.concat([top, tf.mul<Tensor4D>(ones, padding)], 1);
  });
  top.dispose();
  return whole;
}

/**
 * The square as face-api's `toBatchTensor` makes it, with the same numbers but smaller
 * temporaries: where the frame's sides shrink to whole pixels (1280x720, 1920x1080, 640x480 ...
 * at 512 and 224) it is shrunk first and padded after, which samples the same pixels; otherwise
 * the frame is padded first, as face-api does.
 */
function squareFirstLayer(
  tf: Tf,
  layer: FirstLayer,
  frame: Tensor4D,
  { height, width, side, rows, columns }: Scaling,
): Tensor4D {
  const { inputSize } = layer;
  const { normalize, convolve, pool } = firstOps(tf, layer);
  const shrinkFirst = Number.isInteger(rows) && Number.isInteger(columns);
  const square = tf.tidy(() => {
    const toSquare = (tensor: Tensor4D, [tall, wide]: [number, number], size: number) =>
      tf.pad(tensor, [
        [0, 0],
        [0, size - tall],
        [0, size - wide],
        [0, 0],
      ]);
    return normalize(
      shrinkFirst
        ? toSquare(tf.image.resizeBilinear(frame, [rows, columns]), [rows, columns], inputSize)
        : tf.image.resizeBilinear(toSquare(frame, [height, width], side), [inputSize, inputSize]),
    );
  });
  const convolved = tf.tidy(() => convolve(square));
  square.dispose();
  const pooled = tf.tidy(() => pool(convolved));
  convolved.dispose();
  return pooled;
}

/**
 * The layers of face-api's `runMobilenet` after the first convolution and pooling, each freeing
 * the previous output as it goes.
 */
function runLayers(tf: Tf, input: Tensor4D, params: TinyFaceParams): Tensor4D {
  const fused = fusedOps(tf);
  let out = input;
  const step = (layer: (x: Tensor4D) => Tensor4D) => {
    const next = tf.tidy(() => layer(out));
    out.dispose();
    out = next;
  };
  const separable = (layer: SeparableConvParams | undefined) => {
    if (!layer) return;
    step((x) =>
      fused.conv2d({
        x: tf.depthwiseConv2d(x, layer.depthwise_filter, [1, 1], 'same'),
        filter: layer.pointwise_filter,
        strides: [1, 1],
        pad: 'valid',
        bias: layer.bias,
        ...LEAKY,
      }),
    );
  };
  const pool = (stride: number) => step((x) => tf.maxPool(x, [2, 2], [stride, stride], 'same'));
  separable(params.conv1);
  for (const layer of [params.conv2, params.conv3, params.conv4]) {
    pool(2);
    separable(layer);
  }
  pool(2);
  separable(params.conv5);
  pool(1);
  separable(params.conv6);
  separable(params.conv7);
  const { conv8 } = params;
  step((x) => tf.add(tf.conv2d(x, conv8.filters, [1, 1], 'valid'), conv8.bias));
  return out;
}
