import { availableParallelism } from 'node:os';
import { BaseEnv, readConfig, StorageEnv } from '@hub/runtime';
import { z } from 'zod';

export const FACE_BACKENDS = ['wasm', 'cpu', 'tensorflow', 'tensorflow-gpu'] as const;
export type FaceBackend = (typeof FACE_BACKENDS)[number];

/**
 * Measured by bench/face-threshold.mjs over all pairs of fixture faces (face-api 128-d
 * descriptors, L2 distance; docs/benchmarks.md, "Face identification"): the nearest faces of two
 * different people lie 0.566 apart (a small, half-cut background face in a group photo and
 * Leonard), so the threshold is the largest hundredth at least 0.01 below that; one person's
 * photos lie up to 0.623 apart, which a single photo cannot reach but a video's track, the mean
 * of its frames, does (0.29-0.39 from the enrolment). Naming the wrong person is worse than
 * naming no one.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.55;

/**
 * How much farther the next other person must lie than the nearest (faces/references.ts),
 * measured by the same bench: on the fixtures the right person was never less than 0.18 nearer
 * than the next, so 0.17 loses no right name there. On held-out faces, not used to choose it, it
 * named none of the 22 strangers of whom the threshold alone named 6: people look alike to this
 * model (two different held-out women lie 0.45 apart), and the margin is what keeps them apart.
 */
export const DEFAULT_MATCH_MARGIN = 0.17;

export const VideoWorkerEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** Frames analysed per second of video. */
  VIDEO_SAMPLE_FPS: z.coerce.number().positive().max(30).default(1),
  /**
   * Frames are decoded fitted into this size (aspect kept, padded). 720p rather than 640x480:
   * the detector sees a fixed-size input either way, but landmarks and descriptor are computed
   * on the face cut from the frame, and faces cut from 640x480 frames were too small to be
   * recognised (bench/face-identification.mjs).
   */
  VIDEO_FRAME_WIDTH: z.coerce.number().int().min(160).max(1920).default(1280),
  VIDEO_FRAME_HEIGHT: z.coerce.number().int().min(120).max(1080).default(720),
  VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** An analysis still running after this long fails: 'Analysing the video took longer than …'. */
  VIDEO_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(7_200_000),
  FACE_BACKEND: z.enum(FACE_BACKENDS).default('wasm'),
  /**
   * Threads detecting faces, each with its own TensorFlow.js runtime and models: wasm uses one
   * core, so with 2 a video's frames are detected two at a time. One core is left to the rest of
   * the product (its requests and the other organizations' jobs), at least one thread, at most
   * two: on 2 cores, one. A thread holds ~250 MiB while it works; the worker peaked at 340 MiB
   * with one and 574 with two (bench/video-worker-memory.mjs; issue #36's target is 400), and
   * analysed about twice as fast with two. The threads end once the model is released
   * (FACE_MODEL_IDLE_SECONDS).
   */
  FACE_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(2, availableParallelism() - 1))),
  /**
   * The detector for video frames (pictures always use SSD MobileNet v1). The tiny detector at
   * 512 and 224 found every fixture face in the bench video, as SSD does, at 4.5 s of video per
   * CPU second against SSD's 2.7-3.0 (bench/face-identification.mjs); 416 and 224 missed small
   * faces in a group photo.
   */
  FACE_VIDEO_DETECTOR: z
    .enum(['ssd-mobilenet-v1', 'tiny-face-detector'])
    .default('tiny-face-detector'),
  /**
   * The tiny detector's input squares, multiples of 32, comma-separated: it runs at each and the
   * faces found are merged. A large square finds small faces, a small one faces that fill the
   * frame (which 512 alone missed); each costs time in proportion to its area.
   */
  FACE_VIDEO_DETECTOR_INPUT_SIZES: z
    .string()
    .default('512,224')
    .transform((list) => list.split(',').map((size) => Number(size.trim())))
    .pipe(z.array(z.number().int().min(128).max(1280).multipleOf(32)).min(1).max(4)),
  /**
   * The tiny detector's input square for its zoomed second pass, 0 for none: a frame where the
   * first pass confirms no face is searched again in two squares of the frame's height (left and
   * right, overlapping), each at this size: 704, nearly the squares' own 720, so a face is seen
   * about 2.4 times as large as in the whole, padded frame at 512. Faces under ~100 px in a
   * 1280x720 frame (a person farther from the camera) are missed by the first pass; at 576 the
   * zoom still missed most faces of 48 px, at 704 it finds 18 of 20 (docs/benchmarks.md, #52).
   * Its finds need a detector score of 0.05, not FACE_MIN_CONFIDENCE: the second look and the
   * landmark fit judge them (faces of ~30 px score under 0.1 here). Frames with a face pay
   * nothing more; frames without pay about three times their detection again.
   */
  FACE_VIDEO_ZOOM_INPUT_SIZE: z.coerce.number().int().min(0).max(1280).multipleOf(32).default(704),
  /**
   * The input square of a second zoom step, 0 for none: a frame still without a confirmed face
   * after the zoomed pass is searched once more in the same squares at this size, its finds held
   * to a landmark misfit of 0.2. On the fixture faces (the tuning set) shown at 32-48 px in a
   * 1280x720 frame, faces of 29-53 px, the zoom at 704 alone found 44 of 80 and the step 76,
   * naming 34 against 56 with one reference, nobody wrongly, no stranger; ffmpeg's synthetic
   * sources give no face with it (docs/benchmarks.md, #52). Only frames where both find nothing
   * pay it: a faceless frame costs about 2.4 times what it does with the zoom at 704 alone.
   */
  FACE_VIDEO_ZOOM_AGAIN_INPUT_SIZE: z.coerce
    .number()
    .int()
    .min(0)
    .max(1280)
    .multipleOf(32)
    .default(960),
  /**
   * The face model is loaded by the first frame that needs it and released after this long
   * without frames: idle, the worker holds ~80 MiB less. Longer than the camera snapshot
   * schedule's minute, so scheduled snapshots keep it loaded.
   */
  FACE_MODEL_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  FACE_MATCH_THRESHOLD: z.coerce.number().positive().max(2).default(DEFAULT_MATCH_THRESHOLD),
  /** A face is named only if the next other person is this much farther (faces/references.ts). */
  FACE_MATCH_MARGIN: z.coerce.number().min(0).max(2).default(DEFAULT_MATCH_MARGIN),
  /** Tracks whose mean embeddings are closer than this are taken for one person. */
  FACE_CLUSTER_THRESHOLD: z.coerce.number().positive().max(2).default(0.5),
  /**
   * Faces the detector is less sure of are ignored in videos (by the first pass; the zoomed
   * passes' finds are held to their confirmation instead, face-confirmation.ts). 0.3, not 0.5: tight, grey-scale
   * face photos on a plain background scored 0.38-0.47 and were missed; a doubtful face is still
   * named only when its embedding matches (profile pictures keep ENROLMENT_MIN_SCORE).
   */
  FACE_MIN_CONFIDENCE: z.coerce.number().min(0.05).max(0.99).default(0.3),
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
