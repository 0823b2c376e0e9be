import { z } from 'zod';
import { PeopleImportJob } from './people-imports.js';
import { WebhookDeliveryJob } from './webhooks.js';
import {
  LibraryInboxMessage,
  PdfPageJob,
  PdfProcessingJob,
  QUEUES,
  QuizGenerationJob,
} from './queues.js';
import {
  CameraSnapshotJob,
  IntegrationInboxMessage,
  SnapshotIdentificationJob,
} from './snapshots.js';
import {
  FaceEnrolmentJob,
  VideoAnalysisJob,
  VideoInboxMessage,
  VideoProbeJob,
} from './video-jobs.js';

/**
 * Queue contracts, like route contracts: each queue's job names with the payload schema of each,
 * the rule that names a job (its BullMQ id) and the job options the queue's producers share. The
 * kit's `openQueue(contract)` parses a job's data when it is added, `startWorker(contract)` when
 * it is taken (a payload that does not parse fails for good, once), and
 * `proto/src/queue-contracts.test.ts` proves each contract has exactly one handling process.
 */

/** The job options a contract may set (a subset of BullMQ's, which proto does not depend on). */
export interface QueueJobDefaults {
  attempts?: number;
  removeOnComplete?: boolean | number | { count: number };
  removeOnFail?: boolean | number | { count: number };
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
}

export type QueueJobs = Record<string, z.ZodType>;

export interface QueueContract<Name extends string = string, Jobs extends QueueJobs = QueueJobs> {
  name: Name;
  /** Job name -> schema of its data. A job of any other name is refused on both sides. */
  jobs: Jobs;
  /** The job's id from its data, so a second add of the same work is BullMQ's no-op. */
  jobId?(data: z.output<Jobs[keyof Jobs]>): string | undefined;
  /** Options of every job of the queue, over the kit's defaults and under the caller's. */
  options?: QueueJobDefaults;
}

/** Any contract (its jobs' data unknown), for functions that take every contract. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the jobs' schemas vary per queue
export type AnyQueueContract = QueueContract<string, any>;

/** The data of a contract's jobs (of one job name, or of any). */
export type QueueJobData<
  C extends AnyQueueContract,
  J extends keyof C['jobs'] = keyof C['jobs'],
> = z.output<C['jobs'][J]>;

export function defineQueue<const Name extends string, Jobs extends QueueJobs>(
  contract: QueueContract<Name, Jobs>,
): QueueContract<Name, Jobs> {
  return contract;
}

type Kinded = z.ZodDiscriminatedUnion<z.ZodObject<{ kind: z.ZodLiteral<string> }>[]>;

/** An inbox's jobs: one per message kind (its job name), each with its member of the union. */
export function jobsByKind<U extends Kinded>(
  union: U,
): { [K in z.output<U>['kind']]: z.ZodType<Extract<z.output<U>, { kind: K }>> } {
  const jobs: Record<string, z.ZodType> = {};
  for (const member of union.options) jobs[String(member.shape.kind.value)] = member;
  return jobs as never;
}

/** The id of a document's PDF job of one run (the stall sweeper looks it up by it). */
export const pdfJobId = (documentId: number, run: number) => `doc-${documentId}-run-${run}`;

/** The id of one scanned page's OCR job within a document's run (a child of its pdfJobId). */
export const pdfPageJobId = (documentId: number, run: number, page: number) =>
  `${pdfJobId(documentId, run)}-page-${page}`;

/**
 * Where a document's run keeps what its split and page jobs made (`<outputPrefix>pages/run-N/`),
 * removed once the run is reported.
 */
export const pdfRunFolder = (job: { outputPrefix: string; run: number }) =>
  `${job.outputPrefix}pages/run-${job.run}/`;

/**
 * Written by the library into a run's folder when a newer run (a new version) replaces it while
 * it is under way (its job cannot be removed then): the PDF worker reads no more of its pages.
 */
export const pdfRunSupersededKey = (job: { outputPrefix: string; run: number }) =>
  `${pdfRunFolder(job)}superseded`;

/** The id of a document's evaluation generation job of one run. */
export const quizJobId = (documentId: number, run: number) => `eval-${documentId}-run-${run}`;

/** The id of a video's analysis job of one run (the analysis sweeper looks it up by it). */
export const analysisJobId = (videoId: number, run: number) => `video-${videoId}-run-${run}`;

/** No data: a scheduled sweep. */
const Tick = z.object({}).loose();

export const QUEUE_CONTRACTS = {
  pdfProcessing: defineQueue({
    name: QUEUES.pdfProcessing,
    jobs: { process: PdfProcessingJob, page: PdfPageJob },
    jobId: (job) =>
      'page' in job
        ? pdfPageJobId(job.documentId, job.run, job.page)
        : pdfJobId(job.documentId, job.run),
  }),
  libraryInbox: defineQueue({
    name: QUEUES.libraryInbox,
    jobs: jobsByKind(LibraryInboxMessage),
    // A quiz result names its run (the quiz worker may report one twice); PDF results need not.
    jobId: (message) =>
      message.kind === 'quiz.generated' || message.kind === 'quiz.failed'
        ? `${message.kind.replace('.', '-')}-${message.documentId}-run-${message.run}`
        : undefined,
  }),
  quizGeneration: defineQueue({
    name: QUEUES.quizGeneration,
    jobs: { generate: QuizGenerationJob },
    jobId: (job) => quizJobId(job.documentId, job.run),
  }),
  videoAnalysis: defineQueue({
    name: QUEUES.videoAnalysis,
    jobs: { analyse: VideoAnalysisJob },
    jobId: (job) => analysisJobId(job.videoId, job.run),
  }),
  videoProbe: defineQueue({
    name: QUEUES.videoProbe,
    jobs: { probe: VideoProbeJob },
    jobId: (job) => `probe-${job.videoId}`,
  }),
  faceEnrolment: defineQueue({
    name: QUEUES.faceEnrolment,
    jobs: { enrol: FaceEnrolmentJob },
    jobId: (job) =>
      [`face-${job.userId}`, job.pictureKey, job.reenrolInto, job.enrolmentId]
        .filter((part) => part !== undefined)
        .join('-')
        .replace(/[^\w-]/g, '_'),
  }),
  videoInbox: defineQueue({ name: QUEUES.videoInbox, jobs: jobsByKind(VideoInboxMessage) }),
  certificationExpiry: defineQueue({
    name: QUEUES.certificationExpiry,
    jobs: { sweep: Tick },
    // A run that fails (identity away) is retried with delays doubling from 30 s: the last retry
    // about an hour after the first attempt, not within seconds and then at the next 03:00. A
    // re-run repeats nothing (the notices' keys, the sweep day's digest).
    options: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: true,
      removeOnFail: 100,
    },
  }),
  cameraSnapshots: defineQueue({
    name: QUEUES.cameraSnapshots,
    jobs: { snapshot: CameraSnapshotJob },
  }),
  snapshotIdentification: defineQueue({
    name: QUEUES.snapshotIdentification,
    jobs: { identify: SnapshotIdentificationJob },
    // One identification per tick, whatever happens to the snapshot job: a repeated tick opens
    // the same runs, so its first run names it.
    jobId: (job) => `snapshot-run-${job.snapshots[0]!.runId}`,
    options: { attempts: 2, removeOnComplete: true },
  }),
  integrationInbox: defineQueue({
    name: QUEUES.integrationInbox,
    jobs: jobsByKind(IntegrationInboxMessage),
  }),
  recommendations: defineQueue({ name: QUEUES.recommendations, jobs: { 'evaluate-all': Tick } }),
  peopleImport: defineQueue({
    name: QUEUES.peopleImport,
    jobs: { apply: PeopleImportJob },
    // One job an import's round: a second Apply adds nothing; a resumed import runs again.
    jobId: (job) =>
      job.round > 1
        ? `people-import-${job.importId}-round-${job.round}`
        : `people-import-${job.importId}`,
    // A killed process's job is taken again; the rows' states make the retry harmless.
    options: { attempts: 3, removeOnComplete: true, removeOnFail: 100 },
  }),
  webhookDelivery: defineQueue({
    name: QUEUES.webhookDelivery,
    jobs: { deliver: WebhookDeliveryJob },
    // One job a sending: BullMQ's retries of it keep the delivery's message id.
    jobId: (job) => `webhook-delivery-${job.deliveryId}-round-${job.round}`,
    // 11 attempts, delays doubling from 90 s: the last retry ~25 h after the first attempt.
    options: {
      attempts: 11,
      backoff: { type: 'exponential', delay: 90_000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    },
  }),
} as const satisfies {
  [K in keyof typeof QUEUES]: AnyQueueContract & { name: (typeof QUEUES)[K] };
};

export type QueueContracts = typeof QUEUE_CONTRACTS;
