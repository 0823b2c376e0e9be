import type * as FaceApi from '@vladmandic/face-api';
import type { FaceBackend } from '../config.ts';
import type { RgbFrame } from '../frames/sample-frames.ts';
import {
  CONFIRMATION,
  type ConfirmationBar,
  landmarkMisfit,
  secondLookRegion,
  zoomSquares,
} from './face-confirmation.ts';
import type { Box, DetectedFace, FaceModel, FaceSource } from './face-model.ts';
import { alignedCrop } from './aligned-crop.ts';
import { overlap } from './clustering.ts';
import { useLeanFaceRecognition } from './lean-face-recognition.ts';
import { useLeanTinyFaceDetector } from './lean-tiny-detector.ts';
import {
  BACKENDS,
  faceEmbeddingSpace,
  MODELS,
  startTensorFlow,
  type TfRuntime,
} from './face-api-runtime.ts';

export interface FaceApiOptions {
  backend: FaceBackend;
  /** Faces the detector is less sure of are ignored. */
  minConfidence: number;
  /** The detector for video frames; SSD MobileNet v1 when not given. */
  videoDetector?: FaceDetector;
}

export type FaceDetector =
  | { kind: 'ssd-mobilenet-v1' }
  | {
      kind: 'tiny-face-detector';
      inputSizes: number[];
      /**
       * The inputs of the zoomed passes, in turn, over frames where every pass before confirmed
       * no face; none or empty: off.
       */
      zoomInputSizes?: number[];
    };

const SSD: FaceDetector = { kind: 'ssd-mobilenet-v1' };

/** The bar of the zoomed pass (step 0) and of each later zoom step. */
const zoomBar = (step: number): ConfirmationBar =>
  step === 0 ? CONFIRMATION.zoomed : CONFIRMATION.zoomedAgain;

const detectorName = (detector: FaceDetector) =>
  detector.kind === 'tiny-face-detector'
    ? `tiny-face-detector-${detector.inputSizes.join('+')}${detector.zoomInputSizes?.length ? `+zoom${detector.zoomInputSizes.join('+')}` : ''}`
    : detector.kind;

/** Faces found at two input sizes overlapping more than this are one face: the surer is kept. */
const SAME_FACE_IOU = 0.3;

/**
 * A net's weights read from the package, unless this thread holds them already: face-api's nets
 * are one per thread, and a second model of the same thread (a test file after another, in one
 * process) decoded and replaced the same weights again.
 */
async function loadOnce(net: { isLoaded: boolean; loadFromDisk(path: string): Promise<void> }) {
  if (!net.isLoaded) await net.loadFromDisk(MODELS);
}

/** The model's name, known before it is loaded: the backend is the one TensorFlow.js runs. */
export function faceModelName(
  options: FaceApiOptions,
  backend: string = BACKENDS[options.backend].tf,
): string {
  const video = detectorName(options.videoDetector ?? SSD);
  return `${faceEmbeddingSpace()} (pictures: ssd-mobilenet-v1, videos: ${video}; ${backend})`;
}

type DetectorOptions = FaceApi.SsdMobilenetv1Options | FaceApi.TinyFaceDetectorOptions;

/** A detected face and its descriptor. */
interface Described {
  detection: FaceApi.FaceDetection;
  descriptor: Float32Array;
}

/**
 * Face detection, 68-point landmarks for alignment and the 128-d ResNet-34 face descriptor, all
 * shipped in the @vladmandic/face-api package (nothing is downloaded). Pictures (profile photos,
 * camera snapshots) are searched by SSD MobileNet v1, the surest detector; video frames by the
 * configured one, as the tiny detector is several times faster (bench/face-identification.mjs).
 * The descriptor is the same either way, so embeddings of both compare.
 */
export class FaceApiModel implements FaceModel {
  readonly name: string;
  readonly space = faceEmbeddingSpace();
  private readonly faceapi: typeof FaceApi;
  private readonly tf: TfRuntime;
  private readonly detectors: Record<FaceSource, DetectorOptions[]>;
  /** Each zoomed pass, in turn (none: no zoom): its tiny detector and the bar of its finds. */
  private readonly zooms: { detector: FaceApi.TinyFaceDetectorOptions; bar: ConfirmationBar }[];
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(faceapi: typeof FaceApi, options: FaceApiOptions, backend: string) {
    this.faceapi = faceapi;
    this.tf = faceapi.tf as unknown as TfRuntime;
    const video = options.videoDetector ?? SSD;
    const picture = new faceapi.SsdMobilenetv1Options({ minConfidence: options.minConfidence });
    this.detectors = {
      picture: [picture],
      video:
        video.kind === 'tiny-face-detector'
          ? video.inputSizes.map(
              (inputSize) =>
                new faceapi.TinyFaceDetectorOptions({
                  inputSize,
                  scoreThreshold: options.minConfidence,
                }),
            )
          : [picture],
    };
    this.zooms =
      video.kind === 'tiny-face-detector'
        ? (video.zoomInputSizes ?? []).map((inputSize, step) => ({
            detector: new faceapi.TinyFaceDetectorOptions({
              inputSize,
              scoreThreshold: zoomBar(step).minDetectionScore ?? options.minConfidence,
            }),
            bar: zoomBar(step),
          }))
        : [];
    this.name = faceModelName(options, backend);
  }

  static async load(options: FaceApiOptions): Promise<FaceApiModel> {
    const faceapi = await startTensorFlow(options.backend);
    const { nets } = faceapi;
    // The tiny detector is loaded whichever detects video frames: it takes the second look.
    await loadOnce(nets.tinyFaceDetector);
    if (options.backend === 'wasm') useLeanTinyFaceDetector(faceapi);
    if (options.videoDetector?.kind !== 'tiny-face-detector') await loadOnce(nets.ssdMobilenetv1);
    await loadOnce(nets.faceLandmark68Net);
    await loadOnce(nets.faceRecognitionNet);
    if (options.backend === 'wasm') useLeanFaceRecognition(faceapi);
    const tf = faceapi.tf as unknown as TfRuntime;
    return new FaceApiModel(faceapi, options, tf.getBackend());
  }

  /** One frame at a time: the backend is single-threaded and each frame's tensors are large. */
  detect(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]> {
    const run = this.queue.then(() => this.detectNow(frame, source));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async detectNow(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]> {
    // A thread analysing videos with the tiny detector never loads SSD (its weights and
    // working set stay out of the wasm heap); the first picture loads it.
    if (source === 'picture') await loadOnce(this.faceapi.nets.ssdMobilenetv1);
    // Floats, not integers: every net casts its input to floats (exactly, bytes being small), and
    // on wasm each cast of the whole frame (two for the tiny detector's two sizes) is a copy.
    const input = this.tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'float32');
    try {
      // Video frames are many and show anything (signs, machines, textures): a detection there
      // counts only once confirmed. Pictures have their own checks (reference-quality.ts).
      const video = source === 'video';
      const { detections, bar } = video
        ? await this.facesInVideo(input, frame)
        : { detections: await this.findFaces(input, this.detectors.picture), bar: null };
      const results = bar
        ? await this.describeConfirmed(input, detections, bar)
        : await this.describe(input, detections);
      return results.map(({ detection, descriptor }) => ({
        box: {
          x: detection.box.x,
          y: detection.box.y,
          width: detection.box.width,
          height: detection.box.height,
        },
        score: detection.score,
        embedding: Array.from(descriptor),
      }));
    } finally {
      input.dispose();
    }
  }

  /** Landmarks and face-api's own descriptor (its alignment), as references were enrolled. */
  private async describe(
    input: FaceApi.tf.Tensor3D,
    detections: FaceApi.FaceDetection[],
  ): Promise<Described[]> {
    const faces = detections.map((detection) =>
      this.faceapi.extendWithFaceDetection({}, detection),
    );
    return new this.faceapi.DetectAllFaceLandmarksTask(
      Promise.resolve(faces),
      input,
      false,
    ).withFaceDescriptors();
  }

  /**
   * The faces whose landmarks fit a face's shape within the bar, each described from its dlib
   * square cut at subpixel precision (`alignedCrop`): face-api's own cut rounds it down to whole
   * pixels, up to 4 % of the side of a 25-40 px face, and its descriptor then jumps as the box
   * moves by a pixel. On the tuning faces it named a few more small faces, nobody wrongly
   * (docs/benchmarks.md, #52); references stay enrolled by face-api's own cut.
   */
  private async describeConfirmed(
    input: FaceApi.tf.Tensor3D,
    detections: FaceApi.FaceDetection[],
    bar: ConfirmationBar,
  ): Promise<Described[]> {
    const faces = detections.map((detection) =>
      this.faceapi.extendWithFaceDetection({}, detection),
    );
    const withLandmarks = await new this.faceapi.DetectAllFaceLandmarksTask(
      Promise.resolve(faces),
      input,
      false,
    );
    const described: Described[] = [];
    for (const { detection, landmarks } of withLandmarks) {
      if (landmarkMisfit(landmarks.positions) > bar.maxLandmarkMisfit) continue;
      const crop = alignedCrop(this.faceapi.tf, input, landmarks.positions);
      try {
        const descriptor = await this.faceapi.nets.faceRecognitionNet.computeFaceDescriptor(crop);
        if (descriptor instanceof Float32Array) described.push({ detection, descriptor });
      } finally {
        crop.dispose();
      }
    }
    return described;
  }

  /**
   * The confirmed detections of a video frame. A frame with none is searched again, zoomed, by
   * each of the model's zoomed passes in turn until one confirms a face: small faces are then
   * seen large enough, the smallest only by the larger zoom. Frames with a face never pay for the
   * passes after it. What they find is held to stricter bars, the later steps' stricter still:
   * they look where the passes before saw nothing, so a pattern taken for a face had no other
   * chance to be dropped, and each larger zoom shows test patterns larger too.
   */
  private async facesInVideo(
    input: FaceApi.tf.Tensor3D,
    frame: RgbFrame,
  ): Promise<{ detections: FaceApi.FaceDetection[]; bar: ConfirmationBar }> {
    const found = await this.findFaces(input, this.detectors.video);
    const confirmed = await this.secondLook(input, frame, found, CONFIRMATION);
    if (confirmed.length > 0 || this.zooms.length === 0) {
      return { detections: confirmed, bar: CONFIRMATION };
    }
    for (const { detector, bar } of this.zooms) {
      const zoomed = await this.zoomedPass(input, frame, detector);
      const seen = await this.secondLook(input, frame, zoomed, bar);
      if (seen.length > 0) return { detections: seen, bar };
    }
    return { detections: [], bar: CONFIRMATION.zoomed };
  }

  /**
   * The tiny detector on squares of the frame's shorter side (`zoomSquares`) rather than on the
   * whole frame padded to a square: the same input size sees each face larger and no padding.
   * A face found in two overlapping squares is kept once, the surer.
   */
  private async zoomedPass(
    input: FaceApi.tf.Tensor3D,
    frame: RgbFrame,
    detector: FaceApi.TinyFaceDetectorOptions,
  ): Promise<FaceApi.FaceDetection[]> {
    const found: FaceApi.FaceDetection[] = [];
    for (const square of zoomSquares(frame)) {
      const crop = this.faceapi.tf.slice(
        input,
        [square.y, square.x, 0],
        [square.height, square.width, 3],
      );
      try {
        for (const { score, box } of await this.faceapi.detectAllFaces(crop, detector)) {
          const inFrame = new this.faceapi.Rect(
            (box.x + square.x) / frame.width,
            (box.y + square.y) / frame.height,
            box.width / frame.width,
            box.height / frame.height,
          );
          found.push(new this.faceapi.FaceDetection(score, inFrame, frame));
        }
      } finally {
        crop.dispose();
      }
    }
    return this.oneOfEach(found);
  }

  /**
   * The detections the tiny detector finds again, at a small input, on a square around each:
   * what fired the detector in the whole frame must still look like a face framed as one.
   */
  private async secondLook(
    input: FaceApi.tf.Tensor3D,
    frame: RgbFrame,
    detections: FaceApi.FaceDetection[],
    bar: ConfirmationBar,
  ): Promise<FaceApi.FaceDetection[]> {
    const options = new this.faceapi.TinyFaceDetectorOptions({
      inputSize: CONFIRMATION.secondLookInputSize,
      scoreThreshold: bar.secondLookMinScore,
    });
    const confirmed: FaceApi.FaceDetection[] = [];
    for (const detection of detections) {
      const region = secondLookRegion(detection.box, frame);
      const crop = this.faceapi.tf.slice(
        input,
        [region.y, region.x, 0],
        [region.height, region.width, 3],
      );
      try {
        const again = await this.faceapi.detectAllFaces(crop, options);
        const seen = again
          .map(({ score, box }) => ({
            score,
            box: { x: box.x + region.x, y: box.y + region.y, width: box.width, height: box.height },
          }))
          .filter(({ box }) => overlap(detection.box, box) >= CONFIRMATION.sameFaceOverlap)
          .sort((a, b) => b.score - a.score)[0];
        const kept = seen && (bar.secondLookBox ? this.detectionAt(seen, frame) : detection);
        if (kept && kept.box.width >= (bar.minFaceWidth ?? 0)) confirmed.push(kept);
      } finally {
        crop.dispose();
      }
    }
    return bar.secondLookBox ? this.oneOfEach(confirmed) : confirmed;
  }

  /** A detection of the frame at a box in frame pixels. */
  private detectionAt(
    { score, box }: { score: number; box: Box },
    frame: RgbFrame,
  ): FaceApi.FaceDetection {
    const relative = new this.faceapi.Rect(
      box.x / frame.width,
      box.y / frame.height,
      box.width / frame.width,
      box.height / frame.height,
    );
    return new this.faceapi.FaceDetection(score, relative, frame);
  }

  /**
   * Faces found by each detector setting, one face where they overlap. The tiny detector at one
   * input size misses faces of some sizes: small ones at a small size, faces filling the frame
   * at a large one.
   */
  private async findFaces(
    input: FaceApi.tf.Tensor3D,
    detectors: DetectorOptions[],
  ): Promise<FaceApi.FaceDetection[]> {
    const found: FaceApi.FaceDetection[] = [];
    for (const detector of detectors) {
      found.push(...(await this.faceapi.detectAllFaces(input, detector)));
    }
    return detectors.length === 1 ? found : this.oneOfEach(found);
  }

  /** One detection of each face: of those overlapping more than SAME_FACE_IOU, the surest. */
  private oneOfEach(found: FaceApi.FaceDetection[]): FaceApi.FaceDetection[] {
    const kept = this.faceapi.nonMaxSuppression(
      found.map((face) => face.box),
      found.map((face) => face.score),
      SAME_FACE_IOU,
    );
    return kept.map((index) => found[index]!);
  }

  async close(): Promise<void> {
    await this.queue;
  }
}
