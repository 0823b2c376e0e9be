import type * as FaceApi from '@vladmandic/face-api';

type Tensor1D = FaceApi.tf.Tensor1D;
type Tensor4D = FaceApi.tf.Tensor4D;

/** How the lean passes ask for a convolution's activation: ReLU, none, or face-api's leaky one. */
export type FusedActivation =
  | { activation: 'relu' | 'linear' }
  | { activation: 'leakyrelu'; leakyreluAlpha: number };

/** TensorFlow.js's fused convolution (bias and activation in one kernel); face-api's types omit it. */
export interface FusedOps {
  fused: {
    conv2d(
      args: {
        x: Tensor4D;
        filter: Tensor4D;
        strides: [number, number];
        pad: 'valid' | 'same';
        bias: Tensor1D;
      } & FusedActivation,
    ): Tensor4D;
  };
}

/** The fused operations of face-api's TensorFlow.js. */
export const fusedOps = (tf: typeof FaceApi.tf): FusedOps['fused'] =>
  (tf as unknown as FusedOps).fused;
