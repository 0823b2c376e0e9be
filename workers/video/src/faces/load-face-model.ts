import type { AnalysisSettings } from '../analysis-job.ts';
import type { VideoWorkerConfig } from '../config.ts';
import { DEFAULT_CLUSTER_OPTIONS } from './clustering.ts';
import {
  FaceApiModel,
  faceModelName,
  type FaceApiOptions,
  type FaceDetector,
} from './face-api-model.ts';
import { assertBackendInstalled, faceEmbeddingSpace } from './face-api-runtime.ts';
import type { FaceModel } from './face-model.ts';
import { OnDemandFaceModel } from './on-demand-face-model.ts';
import { ThreadedFaceModel } from './threaded-face-model.ts';

/** What the configuration asks of the face model. */
export function faceModelOptions(config: VideoWorkerConfig): FaceApiOptions {
  return {
    backend: config.FACE_BACKEND,
    minConfidence: config.FACE_MIN_CONFIDENCE,
    videoDetector: videoDetector(config),
  };
}

function videoDetector(config: VideoWorkerConfig): FaceDetector {
  return config.FACE_VIDEO_DETECTOR === 'tiny-face-detector'
    ? {
        kind: config.FACE_VIDEO_DETECTOR,
        inputSizes: config.FACE_VIDEO_DETECTOR_INPUT_SIZES,
        zoomInputSizes: [
          config.FACE_VIDEO_ZOOM_INPUT_SIZE,
          config.FACE_VIDEO_ZOOM_AGAIN_INPUT_SIZE,
        ].filter((size) => size > 0),
      }
    : { kind: config.FACE_VIDEO_DETECTOR };
}

/**
 * The face model the configuration asks for, on FACE_THREADS threads (one on a GPU, where
 * threads would only queue). On wasm and cpu it is loaded when a job first needs it and released
 * after FACE_MODEL_IDLE_SECONDS without frames. The tensorflow backends load libtensorflow, which
 * is not known to load again in a later thread of the same process: their model is loaded at
 * start, as before, and kept. A backend whose package is missing fails here, when the worker
 * starts, not at its first job.
 */
export async function loadFaceModel(config: VideoWorkerConfig): Promise<FaceModel> {
  const options = faceModelOptions(config);
  assertBackendInstalled(options.backend);
  const threads = config.FACE_BACKEND === 'tensorflow-gpu' ? 1 : config.FACE_THREADS;
  if (config.FACE_BACKEND === 'tensorflow' || config.FACE_BACKEND === 'tensorflow-gpu') {
    return threads > 1
      ? ThreadedFaceModel.load({ ...options, threads })
      : FaceApiModel.load(options);
  }
  return new OnDemandFaceModel({
    name: faceModelName(options),
    space: faceEmbeddingSpace(),
    parallelism: threads,
    load: () => ThreadedFaceModel.load({ ...options, threads }),
    idleMs: config.FACE_MODEL_IDLE_SECONDS * 1000,
  });
}

/** The analysis settings of a configuration: the worker and the benchmarks share them. */
export function analysisSettings(config: VideoWorkerConfig): AnalysisSettings {
  return {
    sampleFps: config.VIDEO_SAMPLE_FPS,
    frameWidth: config.VIDEO_FRAME_WIDTH,
    frameHeight: config.VIDEO_FRAME_HEIGHT,
    matchThreshold: config.FACE_MATCH_THRESHOLD,
    matchMargin: config.FACE_MATCH_MARGIN,
    cluster: { ...DEFAULT_CLUSTER_OPTIONS, clusterThreshold: config.FACE_CLUSTER_THRESHOLD },
    timeoutMs: config.VIDEO_JOB_TIMEOUT_MS,
  };
}
