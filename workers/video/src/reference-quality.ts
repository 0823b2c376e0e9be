import type { Box } from './faces/face-model.ts';
import type { RgbFrame } from './frames/sample-frames.ts';

/**
 * What a reference photo must show beyond a profile picture: it is added on purpose to make
 * identification surer, so a face too small or too blurred to add anything is refused.
 * Pictures are read fitted within 640 px; a face under this many pixels across holds too little.
 */
export const MIN_FACE_PIXELS = 48;

/**
 * Variance of the Laplacian of the face's grey levels: low when the face has no sharp edges.
 * Set well below what a phone photo of a face gives (hundreds), above a blurred one's (units).
 */
export const MIN_SHARPNESS = 12;

export const NO_FACE_IN_REFERENCE =
  'No face was found in the photo. Please use a clear, front-facing photo of the person.';
export const severalFacesInReference = (count: number) =>
  `The photo shows ${count} faces. Please use a photo of only this person.`;
export const faceTooSmall = (pixels: number) =>
  `The face in the photo is too small (${pixels} pixels across). Please use a photo where the face fills more of the picture.`;
export const TOO_BLURRED =
  'The face in the photo is blurred. Please use a sharp photo, taken in good light.';

/** Grey level of a pixel (Rec. 601 weights). */
function grey(frame: RgbFrame, x: number, y: number): number {
  const at = (y * frame.width + x) * 3;
  return 0.299 * frame.data[at]! + 0.587 * frame.data[at + 1]! + 0.114 * frame.data[at + 2]!;
}

/** Variance of the 4-neighbour Laplacian inside the box (clipped to the frame). */
export function sharpness(frame: RgbFrame, box: Box): number {
  const left = Math.max(1, Math.floor(box.x));
  const top = Math.max(1, Math.floor(box.y));
  const right = Math.min(frame.width - 2, Math.ceil(box.x + box.width));
  const bottom = Math.min(frame.height - 2, Math.ceil(box.y + box.height));
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const laplacian =
        grey(frame, x - 1, y) +
        grey(frame, x + 1, y) +
        grey(frame, x, y - 1) +
        grey(frame, x, y + 1) -
        4 * grey(frame, x, y);
      sum += laplacian;
      squares += laplacian * laplacian;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return squares / count - mean * mean;
}

/** Why the one face found is not good enough for a reference, or undefined when it is. */
export function referenceFault(frame: RgbFrame, box: Box): string | undefined {
  const pixels = Math.round(Math.min(box.width, box.height));
  if (pixels < MIN_FACE_PIXELS) return faceTooSmall(pixels);
  if (sharpness(frame, box) < MIN_SHARPNESS) return TOO_BLURRED;
  return undefined;
}
