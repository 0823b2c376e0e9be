import { z } from 'zod';
import { FaceEnrolment } from './video-jobs.js';

// Jobs and results between the integration service and the video worker: a camera's snapshot,
// identified against the organization's enrolled faces, becomes presence events.

/** One camera's snapshot of a tick, named by its run. */
export const TickSnapshot = z.object({
  /** The integration service's snapshot run: results name it, so a replay changes nothing. */
  runId: z.number().int(),
  snapshotKey: z.string(),
});
export type TickSnapshot = z.infer<typeof TickSnapshot>;

/**
 * One tick of an organization's snapshots: every camera's snapshot of that tick, with the
 * organization's enrolments once (BullMQ's cost is per job, so one job a tick, not a camera).
 */
export const SnapshotIdentificationJob = z.object({
  organizationId: z.number().int(),
  snapshots: z.array(TickSnapshot).min(1),
  /** The organization's setting: otherwise the worker deletes the snapshots once identified. */
  keepSnapshot: z.boolean(),
  /** Only the cameras' organization's enrolled faces: nothing else is ever compared. */
  enrolments: z.array(FaceEnrolment),
});
export type SnapshotIdentificationJob = z.infer<typeof SnapshotIdentificationJob>;

export const SeenPerson = z.object({
  userId: z.number().int(),
  /** 1 - the face distance to the person's enrolment (0-1, higher is surer). */
  confidence: z.number().min(0).max(1),
});
export type SeenPerson = z.infer<typeof SeenPerson>;

const IdentifiedSnapshot = z.object({
  kind: z.literal('snapshot.identified'),
  runId: z.number().int(),
  facesDetected: z.number().int(),
  people: z.array(SeenPerson),
});

const FailedSnapshot = z.object({
  kind: z.literal('snapshot.failed'),
  runId: z.number().int(),
  reason: z.string(),
});

/** What the video worker found in one snapshot of a tick. */
export const SnapshotResult = z.discriminatedUnion('kind', [IdentifiedSnapshot, FailedSnapshot]);
export type SnapshotResult = z.infer<typeof SnapshotResult>;

export const IntegrationInboxMessage = z.discriminatedUnion('kind', [
  // One snapshot's result (as sent before ticks were batched; still heard).
  IdentifiedSnapshot,
  FailedSnapshot,
  /** Every snapshot of one identification job (one tick of an organization), in one message. */
  z.object({
    kind: z.literal('snapshots.answered'),
    organizationId: z.number().int(),
    results: z.array(SnapshotResult).min(1),
  }),
]);
export type IntegrationInboxMessage = z.infer<typeof IntegrationInboxMessage>;

/** The repeatable job of an organization's snapshots at one interval: every camera of it. */
export const CameraSnapshotJob = z.object({
  organizationId: z.number().int(),
  intervalSeconds: z.number().int(),
});
export type CameraSnapshotJob = z.infer<typeof CameraSnapshotJob>;
