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
  /** Stored with each enrolment: embeddings of different models cannot be compared. */
  readonly name: string;
  /** Frames it can work on at once (threads); one when not given. */
  readonly parallelism?: number;
  detect(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]>;
  close(): Promise<void>;
}
