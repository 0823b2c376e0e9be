import type * as FaceApi from '@vladmandic/face-api';

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

/** TensorFlow.js's fused convolution (bias and activation in one kernel); face-api's types omit it. */
interface FusedOps {
  fused: {
    conv2d(args: {
      x: Tensor4D;
      filter: Tensor4D;
      strides: [number, number];
      pad: 'valid' | 'same';
      bias: Tensor1D;
      activation: 'leakyrelu';
      leakyreluAlpha: number;
    }): Tensor4D;
  };
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
    return runLayers(faceapi.tf, scaledInput(faceapi.tf, input, inputSize, meanRgb), params);
  };
}

/**
 * The frame as face-api's `toBatchTensor` makes it (padded at its end to a square, shrunk to
 * `inputSize`, then normalized), with the same numbers but smaller temporaries: where the frame's
 * sides shrink to whole pixels (1280x720, 1920x1080, 640x480 ... at 512 and 224) it is shrunk
 * first and padded after, which samples the same pixels; otherwise the integer frame is padded
 * (face-api casts it to floats first).
 */
function scaledInput(
  tf: Tf,
  input: FaceApi.NetInput,
  inputSize: number,
  meanRgb: number[],
): Tensor4D {
  const image = input.imageTensors[0];
  if (!image || input.batchSize !== 1) throw new Error('The detector takes one frame at a time');
  const [height, width] = image.shape.slice(-3) as [number, number, number];
  const side = Math.max(height, width);
  const [rows, columns] = [(height * inputSize) / side, (width * inputSize) / side];
  const shrinkFirst = Number.isInteger(rows) && Number.isInteger(columns);
  // face-api reads the scaled size through this, which its own toBatchTensor would have set.
  (input as unknown as { _inputSize: number })._inputSize = inputSize;
  return tf.tidy(() => {
    const frame = image.rank === 4 ? (image as Tensor4D) : tf.expandDims<Tensor4D>(image, 0);
    const toSquare = (tensor: Tensor4D, [tall, wide]: [number, number], size: number) =>
      tf.pad(tensor, [
        [0, 0],
        [0, size - tall],
        [0, size - wide],
        [0, 0],
      ]);
    const square = shrinkFirst
      ? toSquare(tf.image.resizeBilinear(frame, [rows, columns]), [rows, columns], inputSize)
      : tf.image.resizeBilinear(toSquare(frame, [height, width], side), [inputSize, inputSize]);
    return tf.div<Tensor4D>(tf.sub(square, tf.tensor1d(meanRgb)), 255);
  });
}

/** The layers of face-api's `runMobilenet`, each freeing the previous output as it goes. */
function runLayers(tf: Tf, input: Tensor4D, params: TinyFaceParams): Tensor4D {
  const { fused } = tf as unknown as FusedOps;
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
  const { conv0, conv8 } = params;
  step((x) =>
    fused.conv2d({
      x,
      filter: conv0.filters,
      strides: [1, 1],
      pad: 'valid',
      bias: conv0.bias,
      ...LEAKY,
    }),
  );
  for (const layer of [params.conv1, params.conv2, params.conv3, params.conv4]) {
    pool(2);
    separable(layer);
  }
  pool(2);
  separable(params.conv5);
  pool(1);
  separable(params.conv6);
  separable(params.conv7);
  step((x) => tf.add(tf.conv2d(x, conv8.filters, [1, 1], 'valid'), conv8.bias));
  return out;
}
