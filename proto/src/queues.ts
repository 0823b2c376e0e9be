import { z } from 'zod';
import { EvaluationDraft } from './evaluations.js';

/** Queue names (BullMQ): work for a worker, or results for a service's inbox. */
export const QUEUES = {
  pdfProcessing: 'pdf-processing',
  libraryInbox: 'library-inbox',
  quizGeneration: 'quiz-generation',
  videoAnalysis: 'video-analysis',
  /** Each uploaded video's header, read by the video worker before it counts as a video. */
  videoProbe: 'video-probe',
  faceEnrolment: 'face-enrolment',
  videoInbox: 'video-inbox',
  /** The observation service's daily sweep for expiring and expired certifications. */
  certificationExpiry: 'certification-expiry',
  /** Per organization and interval, a repeatable job: its cameras' snapshots (integration service). */
  cameraSnapshots: 'camera-snapshots',
  /** Faces of a tick's snapshots against the organization's enrolments (video worker). */
  snapshotIdentification: 'snapshot-identification',
  integrationInbox: 'integration-inbox',
  /** The observation service's nightly run of the recommendation rules. */
  recommendations: 'recommendations',
  /** A previewed people import, applied by the identity service. */
  peopleImport: 'people-import',
  /** One signed POST of an event to a webhook endpoint, retried for a day (identity service). */
  webhookDelivery: 'webhook-delivery',
} as const;

export const PdfProcessingJob = z.object({
  documentId: z.number().int(),
  organizationId: z.number().int(),
  /** The uploaded PDF. */
  sourceKey: z.string(),
  /** Where the worker writes content.md and images/; owned by this document alone. */
  outputPrefix: z.string(),
  /** Bumped on every retry from the viewer, so a stale result of an earlier run is ignored. */
  run: z.number().int(),
  /**
   * Set by the worker itself: 'assemble' once the document's page jobs are added, so the job,
   * run again when they have all ended (BullMQ's waiting-children), joins their results.
   */
  step: z.enum(['split', 'assemble']).optional(),
});
export type PdfProcessingJob = z.infer<typeof PdfProcessingJob>;

/**
 * One scanned page of a document, read by OCR: a child of the document's job on the same queue,
 * taken by any PDF worker, its text stored under the run's folder of page results.
 */
export const PdfPageJob = PdfProcessingJob.omit({ step: true }).extend({
  /** The page (1-based) and how many scanned pages the document's run has. */
  page: z.number().int().min(1),
  scannedPages: z.number().int().min(1),
});
export type PdfPageJob = z.infer<typeof PdfPageJob>;

export const ExtractedImage = z.object({
  id: z.string(),
  key: z.string(),
  page: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ExtractedImage = z.infer<typeof ExtractedImage>;

export const PdfProgressMessage = z.object({
  kind: z.literal('pdf.progress'),
  documentId: z.number().int(),
  run: z.number().int(),
  stage: z.enum(['extracting', 'ocr', 'images']),
  current: z.number().int().nullable(),
  total: z.number().int().nullable(),
});

export const PdfProcessedMessage = z.object({
  kind: z.literal('pdf.processed'),
  documentId: z.number().int(),
  run: z.number().int(),
  markdownKey: z.string(),
  /** Plain text of the whole document (stored beside the markdown), for search and evaluations. */
  textKey: z.string(),
  pageCount: z.number().int(),
  images: z.array(ExtractedImage),
  ocrPages: z.number().int(),
  ocrError: z.string().nullable(),
});

export const PdfFailedMessage = z.object({
  kind: z.literal('pdf.failed'),
  documentId: z.number().int(),
  run: z.number().int(),
  reason: z.string(),
});

export const QuizGenerationJob = z.object({
  documentId: z.number().int(),
  organizationId: z.number().int(),
  /** Bumped on every regeneration, so a stale result of an earlier one is ignored. */
  run: z.number().int(),
  title: z.string(),
  markdownKey: z.string(),
  textKey: z.string(),
  /** The super administrator's evaluation prompt at the time of the request. */
  prompt: z.string(),
});
export type QuizGenerationJob = z.infer<typeof QuizGenerationJob>;

export const QuizGeneratedMessage = z.object({
  kind: z.literal('quiz.generated'),
  documentId: z.number().int(),
  run: z.number().int(),
  draft: EvaluationDraft,
  generator: z.enum(['gemini', 'offline']),
  generatorModel: z.string().nullable(),
  promptUsed: z.string(),
});

export const QuizFailedMessage = z.object({
  kind: z.literal('quiz.failed'),
  documentId: z.number().int(),
  run: z.number().int(),
  reason: z.string(),
});

export const LibraryInboxMessage = z.discriminatedUnion('kind', [
  PdfProgressMessage,
  PdfProcessedMessage,
  PdfFailedMessage,
  QuizGeneratedMessage,
  QuizFailedMessage,
]);
export type LibraryInboxMessage = z.infer<typeof LibraryInboxMessage>;
