import type { Job, Queue } from 'bullmq';
import { addFairly, newObjectKey, type ObjectStorage, RpcClient, RpcFailure } from '@hub/kit';
import { CameraSnapshotJob, type SnapshotIdentificationJob, videoRpc } from '@hub/proto';
import type { IntegrationsService } from '../integrations/integrations.service.js';
import { ProviderError } from '../provider/camera-provider.js';
import type { SnapshotRunsRepository } from './snapshot-runs.repository.js';
import type { SnapshotSchedules } from './snapshot-schedules.js';

export interface SnapshotTakerDeps {
  runs: SnapshotRunsRepository;
  integrations: IntegrationsService;
  storage: ObjectStorage;
  rpc: RpcClient;
  identification: Queue<SnapshotIdentificationJob>;
  schedules: SnapshotSchedules;
}

export type SnapshotStep = 'off' | 'sent' | 'failed' | 'done';

export const NO_ENROLMENTS =
  'No one in the organization has an enrolled profile photo to compare the snapshot with.';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The handler of `camera-snapshots` jobs (one per tick of an assignment's schedule): the camera's
 * snapshot goes to storage and to the video worker's identification with the organization's
 * enrolled faces. A camera that cannot be reached fails the run with the provider's words; the
 * next tick tries again. The job's id names its run, so a repeated job does nothing twice.
 */
export function createSnapshotTaker(deps: SnapshotTakerDeps) {
  return async (job: Job<CameraSnapshotJob>): Promise<SnapshotStep> => {
    const { assignmentId } = CameraSnapshotJob.parse(job.data);
    const camera = await deps.runs.scheduledCamera(assignmentId);
    if (!camera) {
      // Removed or turned off since this tick was planned: the schedule goes too.
      await deps.schedules.remove(assignmentId);
      return 'off';
    }
    const run = await deps.runs.open(job.id ?? `${assignmentId}:${job.timestamp}`, camera);
    if (run.status !== 'pending') return 'done';
    let picture;
    try {
      const integration = await deps.integrations.row(camera.integration_id);
      picture = await deps.integrations.provider(integration).snapshot(camera.camera_id);
    } catch (error) {
      if (!(error instanceof ProviderError) && !(error instanceof RpcFailure)) throw error;
      await deps.runs.fail(
        run.id,
        'camera',
        `${camera.camera_name} could not be reached: ${error.message}`,
      );
      return 'failed';
    }
    const enrolments = await deps.rpc.call(videoRpc.enrolments, {
      organizationId: camera.organization_id,
    });
    if (enrolments.length === 0) {
      await deps.runs.fail(run.id, 'identification', NO_ENROLMENTS);
      return 'failed';
    }
    const extension = EXTENSIONS[picture.contentType.split(';')[0]!.trim()] ?? 'jpg';
    const key = newObjectKey(camera.organization_id, `snapshots/camera-${assignmentId}`, extension);
    await deps.storage.put(key, picture.bytes, picture.contentType, picture.bytes.length);
    await deps.runs.setSnapshotKey(run.id, key);
    await addFairly(
      deps.identification,
      'identify',
      {
        runId: run.id,
        organizationId: camera.organization_id,
        snapshotKey: key,
        keepSnapshot: camera.keep_snapshots,
        enrolments,
      },
      // The contract names the job by its run (one identification per run, whatever happens to
      // this job) and sets its attempts.
    );
    return 'sent';
  };
}
