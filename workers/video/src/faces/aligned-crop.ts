import type * as FaceApi from '@vladmandic/face-api';
import type { Point } from './face-confirmation.ts';

type Tf = typeof FaceApi.tf;

/** The recognition net's input side (face-api's FaceRecognitionNet resizes to it). */
export const DESCRIPTOR_INPUT_SIDE = 150;

/**
 * face-api's dlib alignment (`FaceLandmarks.alignDlib`): the square's side is the mean distance
 * from each eye's centre to the mouth's over 0.45, placed 0.5 of the side left of and 0.43 above
 * the centre of those three points.
 */
const DLIB = { eyeToMouth: 0.45, left: 0.5, above: 0.43 } as const;

export interface Square {
  x: number;
  y: number;
  side: number;
}

const centre = (points: readonly Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/**
 * The dlib square of 68 landmarks in frame pixels, as face-api computes it but not rounded down
 * to whole pixels: face-api floors the side and the corner, which for a face of 25-40 px moves
 * and shrinks the square by up to 3-4 % of its side, always the same way, and makes the
 * descriptor jump between a few values as the box moves by a pixel (#52).
 */
export function dlibSquare(points: readonly Point[]): Square {
  const [leftEye, rightEye, mouth] = [
    centre(points.slice(36, 42)),
    centre(points.slice(42, 48)),
    centre(points.slice(48, 68)),
  ];
  const toMouth = (eye: Point) => Math.hypot(mouth.x - eye.x, mouth.y - eye.y);
  const side = (toMouth(leftEye) + toMouth(rightEye)) / 2 / DLIB.eyeToMouth;
  const middle = centre([leftEye, rightEye, mouth]);
  return { x: middle.x - DLIB.left * side, y: middle.y - DLIB.above * side, side };
}

/**
 * The aligned face for the recognition net: the dlib square of the landmarks sampled bilinearly
 * into DESCRIPTOR_INPUT_SIDE pixels, each output pixel at the centre of its share of the square
 * (outside the frame: black, as face-api pads), a batch of one. The caller disposes of it.
 */
export function alignedCrop(
  tf: Tf,
  frame: FaceApi.tf.Tensor3D,
  points: readonly Point[],
): FaceApi.tf.Tensor4D {
  const { x, y, side } = dlibSquare(points);
  const [height, width] = frame.shape;
  const out = DESCRIPTOR_INPUT_SIDE;
  // cropAndResize samples from y1 * (height - 1) to y2 * (height - 1) in `out` even steps.
  const [top, left] = [y + side / out / 2 - 0.5, x + side / out / 2 - 0.5];
  const span = (side * (out - 1)) / out;
  return tf.tidy(() => {
    const box = tf.tensor2d([
      [
        top / (height - 1),
        left / (width - 1),
        (top + span) / (height - 1),
        (left + span) / (width - 1),
      ],
    ]);
    const batch = tf.expandDims<FaceApi.tf.Tensor4D>(frame, 0);
    return tf.image.cropAndResize(batch, box, [0], [out, out], 'bilinear', 0);
  });
}
