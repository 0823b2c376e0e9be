import type { Box } from './face-model.ts';

/** A point of the 68-point landmark model, in frame pixels. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The mean shape of the 68 landmarks on the fixture faces (../shared/fixtures/faces, 102
 * detections at 150 px to full frame), centred and scaled to a unit root-mean-square radius.
 * Measured once with face-api's landmark net; see `landmarkMisfit`.
 */
export const MEAN_FACE_SHAPE: readonly (readonly [number, number])[] = [
  [-1.221, -0.657],
  [-1.186, -0.285],
  [-1.118, 0.07],
  [-1.045, 0.38],
  [-0.93, 0.725],
  [-0.756, 0.996],
  [-0.563, 1.19],
  [-0.317, 1.398],
  [0.063, 1.504],
  [0.446, 1.367],
  [0.71, 1.164],
  [0.914, 0.966],
  [1.084, 0.666],
  [1.194, 0.312],
  [1.248, -0.025],
  [1.284, -0.385],
  [1.29, -0.766],
  [-1.019, -1.016],
  [-0.891, -1.136],
  [-0.708, -1.174],
  [-0.532, -1.163],
  [-0.369, -1.096],
  [0.248, -1.122],
  [0.407, -1.187],
  [0.589, -1.221],
  [0.802, -1.194],
  [0.962, -1.088],
  [-0.052, -0.704],
  [-0.055, -0.436],
  [-0.061, -0.185],
  [-0.062, 0.04],
  [-0.235, 0.158],
  [-0.145, 0.202],
  [-0.026, 0.226],
  [0.093, 0.183],
  [0.194, 0.148],
  [-0.77, -0.743],
  [-0.671, -0.801],
  [-0.51, -0.808],
  [-0.363, -0.717],
  [-0.487, -0.654],
  [-0.654, -0.669],
  [0.293, -0.737],
  [0.43, -0.842],
  [0.598, -0.844],
  [0.718, -0.771],
  [0.597, -0.696],
  [0.428, -0.702],
  [-0.466, 0.563],
  [-0.313, 0.499],
  [-0.126, 0.455],
  [-0.013, 0.473],
  [0.094, 0.435],
  [0.326, 0.487],
  [0.529, 0.53],
  [0.327, 0.708],
  [0.171, 0.804],
  [0.003, 0.84],
  [-0.138, 0.825],
  [-0.296, 0.749],
  [-0.437, 0.571],
  [-0.153, 0.564],
  [-0.002, 0.563],
  [0.148, 0.559],
  [0.486, 0.53],
  [0.151, 0.644],
  [0.003, 0.669],
  [-0.139, 0.662],
];

/**
 * What the zoomed passes find, held to the second look and the landmark fit rather than to the
 * detector's own score: a face of 25-40 px (a portrait shrunk to 150 px in a 1280x720 frame)
 * scored 0.07 in the zoom at 704 with a box too loose for its landmarks (the face nearer a
 * stranger than its own references), where the second look, which sees it about three times as
 * large, scored 0.80 with a tight box (#52, docs/benchmarks.md).
 */
const ZOOMED_FINDS = { minDetectionScore: 0.05, secondLookBox: true } as const;

/**
 * How a detection is confirmed as a face, measured on the fixture faces and demo photos (131
 * faces, 150 px to full frame) against ffmpeg's synthetic sources (testsrc, testsrc2, smptebars,
 * mandelbrot, cellauto, life, noise): the tiny detector alone scored colour bars up to 0.95.
 */
export const CONFIRMATION = {
  /**
   * The second look: the tiny detector again, at 224, on a square twice the face's size around
   * it. Every fixture face scored 0.16 or more there; no synthetic detection more than 0.061.
   * A pattern that fires the detector in the whole frame seldom does once framed as a face would be.
   */
  secondLookInputSize: 224,
  secondLookScale: 2,
  secondLookMinScore: 0.1,
  /**
   * The landmarks' misfit to the mean face shape (`landmarkMisfit`): at most 0.33 on every
   * fixture face, 0.30 to 0.77 on the synthetic detections (four of six above 0.6). A loose
   * bound: it drops landmarks that form no face, not unusual faces.
   */
  maxLandmarkMisfit: 0.5,
  /** Boxes this much alike (intersection over union) are one face seen twice. */
  sameFaceOverlap: 0.3,
  /**
   * The bar for what the zoomed pass finds (frames where the first pass confirmed nothing):
   * fixture faces shown at 64 and 80 px in a 1280x720 frame, found only by it, scored 0.71 or
   * more on the second look and misfit 0.17 at most; held to the first pass's bar, ffmpeg's
   * synthetic sources gave it faces (the zoom shows test patterns larger too).
   */
  zoomed: { secondLookMinScore: 0.5, maxLandmarkMisfit: 0.3, ...ZOOMED_FINDS },
  /**
   * The bar for what a later zoom step finds (frames the zoomed pass found nothing in either):
   * fixture faces shown at 40-56 px found at 960 misfit 0.18 at most; at 960 ffmpeg's testsrc2
   * gave a detection of second look 0.96 and misfit 0.25, which the zoomed pass's bar let through.
   * Its faces are at least 24 px wide as the second look boxes them: the tuning faces the step
   * alone finds (`faces/`, each photo at 28-36 px) were boxed 30-43 px wide, where a pattern of
   * ffmpeg's `life` (two of some 250 random starts) was boxed 18 px wide with a second look of
   * 0.59 and a misfit of 0.15, and counted as a person (#52, docs/benchmarks.md).
   */
  zoomedAgain: {
    secondLookMinScore: 0.5,
    maxLandmarkMisfit: 0.2,
    minFaceWidth: 24,
    ...ZOOMED_FINDS,
  },
} as const;

/** What a detection must reach to be confirmed. */
export interface ConfirmationBar {
  secondLookMinScore: number;
  maxLandmarkMisfit: number;
  /** The detector score a find needs to be looked at again at all; FACE_MIN_CONFIDENCE if not given. */
  minDetectionScore?: number;
  /** The face's box is the one the second look found, not the pass's own. */
  secondLookBox?: boolean;
  /** The narrowest face confirmed, in frame pixels (its box as kept); none if not given. */
  minFaceWidth?: number;
}

/** The square around a face the second look searches, clipped to the frame. */
export function secondLookRegion(
  box: Box,
  frame: { width: number; height: number },
  scale: number = CONFIRMATION.secondLookScale,
): Box {
  const side = Math.max(box.width, box.height) * scale;
  const x0 = Math.max(0, Math.floor(box.x + box.width / 2 - side / 2));
  const y0 = Math.max(0, Math.floor(box.y + box.height / 2 - side / 2));
  const x1 = Math.min(frame.width, Math.ceil(box.x + box.width / 2 + side / 2));
  const y1 = Math.min(frame.height, Math.ceil(box.y + box.height / 2 + side / 2));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/**
 * Squares of the frame's shorter side that together cover it, spread evenly along its longer
 * side from one end to the other (overlapping unless it is a whole number of squares long): two
 * for a 16:9 frame, one for a square one. The zoomed pass searches each.
 */
export function zoomSquares(frame: { width: number; height: number }): Box[] {
  const side = Math.min(frame.width, frame.height);
  const wide = frame.width >= frame.height;
  const length = wide ? frame.width : frame.height;
  const count = Math.ceil(length / side);
  return Array.from({ length: count }, (_, i) => {
    const offset = count === 1 ? 0 : Math.round((i * (length - side)) / (count - 1));
    return { x: wide ? offset : 0, y: wide ? 0 : offset, width: side, height: side };
  });
}

/** Centred, scaled to a unit root-mean-square radius: position and size taken out. */
function normalized(points: readonly Point[]): [number, number][] {
  const n = points.length;
  const cx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / n;
  const centred = points.map((p): [number, number] => [p.x - cx, p.y - cy]);
  const radius = Math.sqrt(centred.reduce((sum, [x, y]) => sum + x * x + y * y, 0) / n);
  if (radius === 0) return centred;
  return centred.map(([x, y]) => [x / radius, y / radius]);
}

/**
 * How far the 68 landmarks lie from a face's shape: the root-mean-square distance of the points
 * to the mean face shape once position, size and rotation are taken out (a Procrustes fit), in
 * units of the face's radius. 0 is the mean face; the landmark net puts its points on anything it
 * is given, and on a non-face they collapse or scatter. Infinity when they are not 68 points.
 */
export function landmarkMisfit(points: readonly Point[]): number {
  if (points.length !== MEAN_FACE_SHAPE.length) return Infinity;
  const shape = normalized(points);
  // The rotation that best lays the shape on the mean (least squares), and its scale.
  let dot = 0;
  let cross = 0;
  shape.forEach(([x, y], i) => {
    const [u, v] = MEAN_FACE_SHAPE[i]!;
    dot += x * u + y * v;
    cross += x * v - y * u;
  });
  const norm = Math.hypot(dot, cross);
  if (norm === 0) return Infinity;
  const [cos, sin, scale] = [dot / norm, cross / norm, norm / shape.length];
  let error = 0;
  shape.forEach(([x, y], i) => {
    const [u, v] = MEAN_FACE_SHAPE[i]!;
    error += (scale * (cos * x - sin * y) - u) ** 2 + (scale * (sin * x + cos * y) - v) ** 2;
  });
  return Math.sqrt(error / shape.length);
}
