import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';
import { z } from 'zod';

export const FACE_BACKENDS = ['wasm', 'cpu', 'tensorflow', 'tensorflow-gpu'] as const;
export type FaceBackend = (typeof FACE_BACKENDS)[number];

/**
 * Measured on the fixture faces (face-api 128-d descriptors, L2 distance): a person's own photos
 * lie 0.31-0.58 from their enrolment photo (0.29-0.39 for the mean of their frames), other people
 * 0.70 and more, but a small, half-cut background face in a group photo came to 0.587 from an
 * enrolled person. 0.55 keeps that face unidentified at the cost of the hardest true match
 * (a bearded, 44-pixel face at 0.559): naming the wrong person is worse than naming no one.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.55;

export const VideoWorkerEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** Frames analysed per second of video. */
  VIDEO_SAMPLE_FPS: z.coerce.number().positive().max(30).default(1),
  VIDEO_FRAME_WIDTH: z.coerce.number().int().min(160).max(1920).default(640),
  VIDEO_FRAME_HEIGHT: z.coerce.number().int().min(120).max(1080).default(480),
  VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** An analysis still running after this long fails: 'Analysing the video took longer than …'. */
  VIDEO_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(7_200_000),
  FACE_BACKEND: z.enum(FACE_BACKENDS).default('wasm'),
  FACE_MATCH_THRESHOLD: z.coerce.number().positive().max(2).default(DEFAULT_MATCH_THRESHOLD),
  /** Tracks whose mean embeddings are closer than this are taken for one person. */
  FACE_CLUSTER_THRESHOLD: z.coerce.number().positive().max(2).default(0.5),
  FACE_MIN_CONFIDENCE: z.coerce.number().min(0.05).max(0.99).default(0.5),
  /** Without a key, identification runs and step analysis is reported as unavailable. */
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Binaries to use instead of those on the PATH or the ones shipped in npm packages. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
});
export type VideoWorkerConfig = z.infer<typeof VideoWorkerEnv>;

export const readVideoWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(VideoWorkerEnv, env);
