// The faces face-small-naming.mjs finds in a frame, by the worker's own video pass, each with its
// embedding as the worker computes it and the variants measured beside it (flip, up, jitter,
// subpixel, lmavg, subflip, subup; the file's header in face-small-naming.mjs says what each one is).
import sharp from 'sharp';

/** Variant (b)'s face height after upscaling (px): the recognition net's input is 150. */
const UPSCALED_HEIGHT = 160;

/**
 * The video pass's faces of a frame with their embedding as the worker computes it, and the
 * flip variant: the same aligned crop mirrored, its descriptor averaged with the plain one.
 * `probe`, which every variant reads: the worker's model and its face-api (faceapi, tf), the
 * worker's aligned cut and landmark fit, and `ifWanted(variant, make)`, which makes a variant's
 * embedding only when it is reported.
 */
export function videoFaceReader(probe) {
  const { model, faceapi, tf, landmarkMisfit } = probe;
  return async function videoFaces(frame) {
    const input = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'float32');
    try {
      const { detections, bar } = await model.facesInVideo(input, frame);
      const described = await new faceapi.DetectAllFaceLandmarksTask(
        Promise.resolve(detections.map((d) => faceapi.extendWithFaceDetection({}, d))),
        input,
        false,
      ).withFaceDescriptors();
      const out = [];
      for (const found of described) {
        if (landmarkMisfit(found.landmarks.positions) > bar.maxLandmarkMisfit) continue;
        out.push(await withVariants(probe, input, frame, found, bar));
      }
      return out;
    } finally {
      input.dispose();
    }
  };
}

/** One described face of the pass, its box and every variant wanted of its embedding. */
async function withVariants(probe, input, frame, { detection, landmarks, descriptor }, bar) {
  const { faceapi, tf, ifWanted } = probe;
  const rect = landmarks.align(null, { useDlibAlignment: true });
  const [crop] = await faceapi.extractFaceTensors(input, [rect]);
  const mirrored = tf.reverse(crop, 1);
  const flipped = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(mirrored);
  crop.dispose();
  mirrored.dispose();
  const plain = Array.from(descriptor);
  const both = plain.map((v, i) => (v + flipped[i]) / 2);
  const { x, y, width, height } = detection.box;
  return {
    box: { x, y, width, height },
    aligned: rect.height,
    misfitBar: bar.maxLandmarkMisfit,
    plain,
    flip: both,
    up: await ifWanted('up', () => upscaled(probe, frame, detection)),
    jitter: await ifWanted('jitter', () => jittered(probe, input, rect, plain)),
    subpixel: await ifWanted('subpixel', async () =>
      Array.from(await subpixelDescriptor(probe, input, landmarks.positions)),
    ),
    lmavg: await ifWanted('lmavg', async () =>
      Array.from(await averagedLandmarksDescriptor(probe, input, frame, detection)),
    ),
    ...(await ifWanted('subflip', () => subpixelWithMirror(probe, input, landmarks.positions))),
    subup: await ifWanted('subup', () => upscaled(probe, frame, detection, true)),
  };
}

/**
 * Variant (subflip): the worker's subpixel cut and its mirror image, descriptors averaged
 * (test-time augmentation; the references are averaged with their mirror alike).
 */
async function subpixelWithMirror({ faceapi, tf, alignedCrop }, input, points) {
  const crop = alignedCrop(tf, input, points);
  const mirrored = tf.reverse(crop, 2);
  try {
    const plain = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
    const flipped = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(mirrored);
    // The mirror alone too: a reference's subflip is its enrolled embedding averaged with it.
    return {
      subflip: Array.from(plain, (v, i) => (v + flipped[i]) / 2),
      mirror: Array.from(flipped),
    };
  } finally {
    crop.dispose();
    mirrored.dispose();
  }
}

/**
 * Variant (b): the face re-embedded from the frame around it upscaled (lanczos3) so that the
 * face is UPSCALED_HEIGHT px high: landmarks found again there, aligned and described there.
 * Faces already that high are described as the worker does (factor 1 skips nothing: the same
 * route on the same pixels).
 */
async function upscaled(probe, frame, detection, subpixel = false) {
  const { faceapi, tf } = probe;
  const box = detection.box;
  const factor = Math.max(1, UPSCALED_HEIGHT / box.height);
  const left = Math.max(0, Math.floor(box.x - box.width));
  const top = Math.max(0, Math.floor(box.y - box.height));
  const right = Math.min(frame.width, Math.ceil(box.x + 2 * box.width));
  const bottom = Math.min(frame.height, Math.ceil(box.y + 2 * box.height));
  const width = Math.round((right - left) * factor);
  const height = Math.round((bottom - top) * factor);
  const pixels = await sharp(Buffer.from(frame.data), {
    raw: { width: frame.width, height: frame.height, channels: 3 },
  })
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer();
  const crop = tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'float32');
  try {
    const inCrop = new faceapi.FaceDetection(
      detection.score,
      new faceapi.Rect(
        ((box.x - left) * factor) / width,
        ((box.y - top) * factor) / height,
        (box.width * factor) / width,
        (box.height * factor) / height,
      ),
      { width, height },
    );
    const task = new faceapi.DetectAllFaceLandmarksTask(
      Promise.resolve([faceapi.extendWithFaceDetection({}, inCrop)]),
      crop,
      false,
    );
    // subup: the landmarks found in the upscaled region, cut there as the worker cuts (subpixel).
    if (subpixel) {
      const [fitted] = await task;
      return Array.from(await subpixelDescriptor(probe, crop, fitted.landmarks.positions));
    }
    const [described] = await task.withFaceDescriptors();
    return Array.from(described.descriptor);
  } finally {
    crop.dispose();
  }
}

/**
 * Variant (subpixel): the dlib square of face-api's alignment without its rounding down of
 * position and side to whole pixels, cut and resized to the net's 150 px by bilinear sampling.
 */
async function subpixelDescriptor({ faceapi, tf, alignedCrop }, input, points) {
  const crop = alignedCrop(tf, input, points);
  try {
    return await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
  } finally {
    crop.dispose();
  }
}

/** The detection's box and six shifted (5 %, 10 %) or scaled copies: dx, dy, scale. */
const LANDMARK_MOVES = [
  [0, 0, 1],
  [0.05, 0, 1],
  [-0.05, 0, 1],
  [0, 0.05, 1],
  [0, -0.05, 1],
  [0, 0, 0.9],
  [0, 0, 1.1],
];

/**
 * Variant (lmavg): the 68 landmarks found in each of LANDMARK_MOVES' boxes, averaged point by
 * point, then aligned as subpixel is: the landmark net's noise on a small face averaged before
 * the cut, not the descriptor after it.
 */
async function averagedLandmarksDescriptor(probe, input, frame, detection) {
  const { faceapi } = probe;
  const { x, y, width, height } = detection.box;
  const boxes = LANDMARK_MOVES.map(([dx, dy, k]) => {
    const [w, h] = [width * k, height * k];
    const [bx, by] = [x + dx * width + (width - w) / 2, y + dy * height + (height - h) / 2];
    const rect = new faceapi.Rect(
      bx / frame.width,
      by / frame.height,
      w / frame.width,
      h / frame.height,
    );
    const moved = new faceapi.FaceDetection(detection.score, rect, frame);
    return faceapi.extendWithFaceDetection({}, moved);
  });
  const fits = await new faceapi.DetectAllFaceLandmarksTask(Promise.resolve(boxes), input, false);
  const points = fits[0].landmarks.positions.map((_, i) => ({
    x: fits.reduce((sum, f) => sum + f.landmarks.positions[i].x, 0) / fits.length,
    y: fits.reduce((sum, f) => sum + f.landmarks.positions[i].y, 0) / fits.length,
  }));
  return subpixelDescriptor(probe, input, points);
}

/**
 * Variant: the mean descriptor of the aligned square and six shifted/scaled copies of it.
 */
async function jittered({ faceapi }, input, rect, plain) {
  const sum = [...plain];
  const s = rect.width;
  const moves = [
    [0.04 * s, 0, 1],
    [-0.04 * s, 0, 1],
    [0, 0.04 * s, 1],
    [0, -0.04 * s, 1],
    [0, 0, 1.06],
    [0, 0, 0.94],
  ];
  for (const [dx, dy, k] of moves) {
    const side = s * k;
    const moved = new faceapi.Rect(
      rect.x + dx + (s - side) / 2,
      rect.y + dy + (rect.height - rect.height * k) / 2,
      side,
      rect.height * k,
    );
    const [crop] = await faceapi.extractFaceTensors(input, [moved]);
    const d = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
    crop.dispose();
    for (let i = 0; i < sum.length; i++) sum[i] += d[i];
  }
  return sum.map((v) => v / (moves.length + 1));
}
