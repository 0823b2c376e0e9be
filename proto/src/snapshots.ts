import { z } from 'zod';
import { FaceEnrolment } from './video-jobs.js';

// Jobs and results between the integration service and the video worker: a camera's snapshot,
// identified against the organization's enrolled faces, becomes presence events.

export const SnapshotIdentificationJob = z.object({
  /** The integration service's snapshot run: results name it, so a replay changes nothing. */
  runId: z.number().int(),
  organizationId: z.number().int(),
  snapshotKey: z.string(),
  /** The organization's setting: otherwise the worker deletes the snapshot once identified. */
  keepSnapshot: z.boolean(),
  /** Only the camera's organization's enrolled faces: nothing else is ever compared. */
  enrolments: z.array(FaceEnrolment),
});
export type SnapshotIdentificationJob = z.infer<typeof SnapshotIdentificationJob>;

export const SeenPerson = z.object({
  userId: z.number().int(),
  /** 1 - the face distance to the person's enrolment (0-1, higher is surer). */
  confidence: z.number().min(0).max(1),
});
export type SeenPerson = z.infer<typeof SeenPerson>;

export const IntegrationInboxMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('snapshot.identified'),
    runId: z.number().int(),
    facesDetected: z.number().int(),
    people: z.array(SeenPerson),
  }),
  z.object({
    kind: z.literal('snapshot.failed'),
    runId: z.number().int(),
    reason: z.string(),
  }),
]);
export type IntegrationInboxMessage = z.infer<typeof IntegrationInboxMessage>;

/** The repeatable job of one camera assignment's snapshot schedule. */
export const CameraSnapshotJob = z.object({ assignmentId: z.number().int() });
export type CameraSnapshotJob = z.infer<typeof CameraSnapshotJob>;
