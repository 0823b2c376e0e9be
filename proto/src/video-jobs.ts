import { z } from 'zod';
import { AnalysisReport, NotYetEnrolled } from './video.js';

// Jobs and results between the video service and the video worker

/**
 * What makes two face embeddings comparable: the embedder alone (package, version, net and
 * dimension, e.g. `face-api@1.7.15/face-recognition-128d`), not the detector that found the face
 * nor the backend that ran the nets. Embeddings of two spaces are never compared, even when their
 * lengths match: their distances mean nothing.
 */
export const EmbeddingSpace = z.string().min(1).max(200);
export type EmbeddingSpace = z.infer<typeof EmbeddingSpace>;

/** An embedding with its space, as it travels between the service and the worker. */
export const SpacedEmbedding = z.object({
  embedding: z.array(z.number()),
  space: EmbeddingSpace,
});
export type SpacedEmbedding = z.infer<typeof SpacedEmbedding>;

export const FaceEnrolment = SpacedEmbedding.extend({
  userId: z.number().int(),
  name: z.string(),
});
export type FaceEnrolment = z.infer<typeof FaceEnrolment>;

export const VideoAnalysisJob = z.object({
  videoId: z.number().int(),
  organizationId: z.number().int(),
  run: z.number().int(),
  videoKey: z.string(),
  sops: z.array(z.object({ sopId: z.number().int(), sopTitle: z.string(), textKey: z.string() })),
  /** The super administrator's video analysis prompt at the time of the request. */
  prompt: z.string(),
  /** Only the video's organization's enrolled faces: nothing else is ever compared. */
  enrolments: z.array(FaceEnrolment),
  /** Whose profile picture was still being enrolled: told in the report, never silently missed. */
  notYetEnrolled: z.array(NotYetEnrolled).optional(),
});
export type VideoAnalysisJob = z.infer<typeof VideoAnalysisJob>;

export const FaceEnrolmentJob = z.object({
  userId: z.number().int(),
  organizationId: z.number().int(),
  pictureKey: z.string(),
  /** Who set the picture: told in words when it shows no face or several. */
  changedBy: z.number().int(),
  /**
   * A reference photo is held to more than a profile picture (face large enough, not blurred)
   * and its rejection is told on the upload, in its own words.
   */
  purpose: z.enum(['profile', 'reference', 'learned']).optional(),
  /**
   * Learned (pictureKey is then the video): the moments to look at, the person's enrolled faces
   * to find among the faces there (only those of the worker's space are compared), and how close
   * one must be.
   */
  atSeconds: z.array(z.number().min(0)).max(5).optional(),
  matchWith: z.array(SpacedEmbedding).max(20).optional(),
  maxDistance: z.number().positive().optional(),
  /**
   * Enrolled before, in another space, and embedded again because the worker's embedder changed
   * (the space it is enrolled into): part of the job's id, so the finished enrolment of the same
   * picture in the earlier space does not stand in for it.
   */
  reenrolInto: EmbeddingSpace.optional(),
  /**
   * Learned: the enrolment's row, part of the job's id, so a face learned again from the same
   * video (the earlier one forgotten) is a job of its own, not the finished one's id again.
   */
  enrolmentId: z.number().int().optional(),
});
export type FaceEnrolmentJob = z.infer<typeof FaceEnrolmentJob>;

/** Read the header of an uploaded video with ffprobe: an upload that is no video fails at once. */
export const VideoProbeJob = z.object({
  videoId: z.number().int(),
  organizationId: z.number().int(),
  videoKey: z.string(),
});
export type VideoProbeJob = z.infer<typeof VideoProbeJob>;

/** Unknown faces kept of one video: a crowd beyond this is not worth a crop each. */
export const UNKNOWN_FACES_PER_VIDEO = 200;

/**
 * A face of the report (by its index in the list it is sent with), kept so that the video
 * service groups it with the organization's other unknown faces: its representative embedding
 * and a small JPEG crop stored below the organization. An identified face is kept too, and
 * grouped only once a supervisor rejects its match.
 */
export const UnknownFaceFound = z.object({
  index: z.number().int().min(0),
  embedding: z.array(z.number()).max(1024),
  space: EmbeddingSpace,
  /** The whole model (embedder, detectors, backend): kept to tell how the face was found. */
  model: z.string(),
  thumbnailKey: z.string().nullable(),
});
export type UnknownFaceFound = z.infer<typeof UnknownFaceFound>;

export const VideoInboxMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('video.probed'),
    videoId: z.number().int(),
    durationSeconds: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('video.unreadable'),
    videoId: z.number().int(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('analysis.progress'),
    videoId: z.number().int(),
    run: z.number().int(),
    current: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    kind: z.literal('analysis.completed'),
    videoId: z.number().int(),
    run: z.number().int(),
    report: AnalysisReport,
    /** The report's unidentified faces kept for grouping: never part of the report itself. */
    unknownFaces: z.array(UnknownFaceFound).max(UNKNOWN_FACES_PER_VIDEO).optional(),
    /** The report's identified faces, by index in identifiedOperators: kept for a rejection. */
    identifiedFaces: z.array(UnknownFaceFound).max(UNKNOWN_FACES_PER_VIDEO).optional(),
  }),
  z.object({
    kind: z.literal('analysis.failed'),
    videoId: z.number().int(),
    run: z.number().int(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('face.enrolled'),
    userId: z.number().int(),
    pictureKey: z.string(),
    embedding: z.array(z.number()),
    space: EmbeddingSpace,
    model: z.string(),
  }),
  z.object({
    kind: z.literal('face.rejected'),
    userId: z.number().int(),
    pictureKey: z.string(),
    changedBy: z.number().int(),
    reason: z.string(),
  }),
  /**
   * A worker started with this embedder: faces stored in another space never match again, so
   * the pictures they came from are enrolled again in this one.
   */
  z.object({
    kind: z.literal('face.embedder-started'),
    space: EmbeddingSpace,
  }),
]);
export type VideoInboxMessage = z.infer<typeof VideoInboxMessage>;
