import type { RgbFrame } from '../frames/sample-frames.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: Box;
  /** Detector confidence, 0-1. */
  score: number;
  embedding: number[];
}

/**
 * Where a frame comes from: a still picture (a profile photo, a camera snapshot), searched with
 * the surest detector, or a frame of a video, of which there are many.
 */
export type FaceSource = 'picture' | 'video';

/** The port to a face detector + embedder; the worker knows nothing else of the model. */
export interface FaceModel {
  /** The whole model (embedder, detectors, backend), stored with each embedding: how it was found. */
  readonly name: string;
  /**
   * The embedding space of its embeddings (the embedder alone, see EmbeddingSpace in proto):
   * they are compared with embeddings of this space only.
   */
  readonly space: string;
  /** Frames it can work on at once (threads); one when not given. */
  readonly parallelism?: number;
  detect(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]>;
  /**
   * Frames are coming soon: a model loaded on demand starts loading now, beside what the job
   * does first (fetching and probing its video). Nothing for a model loaded already. Resolves
   * once loaded (or failed: the first frame tries again); never rejects.
   */
  prepare?(): Promise<void>;
  close(): Promise<void>;
}
