// Benchmark: the memory one face model holds while it works on video frames.
//
// Loads the worker's face-api model in this process (no threads), as one of the video worker's
// face threads does, then detects faces in 1280x720 frames made from the fixture group photos
// and face-api's demo photos, four rounds, and prints after each frame the process's RSS, the
// wasm heap of TensorFlow.js (it grows to the largest working set and never shrinks) and the
// number of tensors held (constant: nothing leaks). The video worker holds one such model per
// face thread (FACE_THREADS), plus its own ~90 MiB.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/face-memory.mjs [--sizes 512,224] [--rounds 4]
//
// Needs the built worker (`npx turbo run build`) and ffmpeg (the npm one or Debian's).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const worker = path.join(repoRoot, 'workers/video');
const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    /** The tiny detector's input sizes (FACE_VIDEO_DETECTOR_INPUT_SIZES). */
    sizes: { type: 'string', default: '512,224' },
    rounds: { type: 'string', default: '4' },
  },
});

/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(worker, 'dist', file)).href);
const { FaceApiModel } = await importDist('faces/face-api-model.js');
const { findBinaries } = await importDist('frames/binaries.js');
const require = createRequire(path.join(worker, 'package.json'));
const faceApiDir = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
const PICTURES = [
  path.join(repoRoot, '../shared/fixtures/faces/bbt1.jpg'),
  path.join(faceApiDir, 'demo/sample1.jpg'),
  path.join(repoRoot, '../shared/fixtures/faces/bbt2.jpg'),
];

/** A picture fitted into a 1280x720 frame, as the worker samples video frames. */
async function frame(/** @type {string} */ ffmpeg, /** @type {string} */ file) {
  const fit =
    'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2';
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      fit,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 26 },
  );
  return { width: 1280, height: 720, data: new Uint8Array(stdout) };
}

const mib = (/** @type {number} */ bytes) => Math.round(bytes / 1048576);
/**
 * What TensorFlow.js holds; its wasm backend's heap is not in its types.
 * @param {{ tf: { memory(): { numTensors: number }, engine(): { backend: unknown } } }} faceapi
 */
function report(/** @type {string} */ label, faceapi) {
  const backend = /** @type {{ wasm?: { HEAPU8?: Uint8Array } }} */ (faceapi.tf.engine().backend);
  const heap = backend.wasm?.HEAPU8?.length;
  console.log(
    `${label.padEnd(28)} RSS ${mib(process.memoryUsage().rss)} MiB, wasm heap ${heap ? mib(heap) : '-'} MiB, ` +
      `${faceapi.tf.memory().numTensors} tensors; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`,
  );
}

const inputSizes = args.sizes.split(',').map(Number);
const { ffmpeg } = findBinaries();
console.log(`before the model: RSS ${mib(process.memoryUsage().rss)} MiB`);
const model = await FaceApiModel.load({
  backend: 'wasm',
  minConfidence: 0.3,
  videoDetector: { kind: 'tiny-face-detector', inputSizes },
});
// The model keeps face-api private; the bench reads its TensorFlow.js through it.
const faceapi = /** @type {{ faceapi: Parameters<typeof report>[1] }} */ (
  /** @type {unknown} */ (model)
).faceapi;
report(`loaded (tiny ${inputSizes.join('+')})`, faceapi);
for (let round = 1; round <= Number(args.rounds); round++) {
  for (const file of PICTURES) {
    const faces = await model.detect(await frame(ffmpeg, file), 'video');
    report(`round ${round} ${path.basename(file)}: ${faces.length} faces`, faceapi);
  }
}
await model.close();
