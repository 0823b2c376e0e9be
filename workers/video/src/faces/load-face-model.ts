import type { AnalysisSettings } from '../analysis-job.ts';
import type { VideoWorkerConfig } from '../config.ts';
import { DEFAULT_CLUSTER_OPTIONS } from './clustering.ts';
import { FaceApiModel } from './face-api-model.ts';
import type { FaceModel } from './face-model.ts';
import { ThreadedFaceModel } from './threaded-face-model.ts';

/**
 * The face model the configuration asks for, loaded once per worker process: on FACE_THREADS
 * threads, or in the process itself with one (or on a GPU, where threads would only queue).
 */
export function loadFaceModel(config: VideoWorkerConfig): Promise<FaceModel> {
  const options = { backend: config.FACE_BACKEND, minConfidence: config.FACE_MIN_CONFIDENCE };
  const threads = config.FACE_BACKEND === 'tensorflow-gpu' ? 1 : config.FACE_THREADS;
  return threads > 1 ? ThreadedFaceModel.load({ ...options, threads }) : FaceApiModel.load(options);
}

/** The analysis settings of a configuration: the worker and the benchmarks share them. */
export function analysisSettings(config: VideoWorkerConfig): AnalysisSettings {
  return {
    sampleFps: config.VIDEO_SAMPLE_FPS,
    frameWidth: config.VIDEO_FRAME_WIDTH,
    frameHeight: config.VIDEO_FRAME_HEIGHT,
    matchThreshold: config.FACE_MATCH_THRESHOLD,
    cluster: { ...DEFAULT_CLUSTER_OPTIONS, clusterThreshold: config.FACE_CLUSTER_THRESHOLD },
    timeoutMs: config.VIDEO_JOB_TIMEOUT_MS,
  };
}
