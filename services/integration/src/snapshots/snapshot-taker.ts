import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import {
  addFairly,
  newObjectKey,
  type ObjectStorage,
  organizationPrefix,
  RpcClient,
  RpcFailure,
} from '@hub/kit';
import {
  CameraSnapshotJob,
  type SnapshotIdentificationJob,
  type TickSnapshot,
  videoRpc,
} from '@hub/proto';
import type { IntegrationsService } from '../integrations/integrations.service.js';
import { type MediaFile, ProviderError } from '../provider/camera-provider.js';
import type {
  ScheduledCamera,
  SnapshotRun,
  SnapshotRunsRepository,
} from './snapshot-runs.repository.js';
import type { SnapshotSchedules } from './snapshot-schedules.js';

export interface SnapshotTakerDeps {
  runs: SnapshotRunsRepository;
  integrations: IntegrationsService;
  storage: ObjectStorage;
  rpc: RpcClient;
  identification: Queue<SnapshotIdentificationJob>;
  schedules: SnapshotSchedules;
}

/** What became of a tick's cameras: runs sent to identification, and runs failed. */
export interface SnapshotTick {
  sent: number;
  failed: number;
}

const NOT_SENT = 'The snapshot could not be sent for identification';

const logger = new Logger('SnapshotTaker');

export const NO_ENROLMENTS =
  'No one in the organization has an enrolled profile photo to compare the snapshot with.';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Where a camera assignment's snapshots are stored, below its organization's prefix. */
const cameraFolder = (assignmentId: number) => `snapshots/camera-${assignmentId}`;

/** Every snapshot picture of an organization: removed with it. */
export const organizationSnapshotsPrefix = (organizationId: number) =>
  `${organizationPrefix(organizationId)}snapshots/`;

/** Every snapshot picture of one camera assignment: removed with it. */
export const cameraSnapshotsPrefix = (organizationId: number, assignmentId: number) =>
  `${organizationPrefix(organizationId)}${cameraFolder(assignmentId)}/`;

/** Cameras of a tick asked at once (the camera system is one host: a few, not a hundred). */
const CAMERAS_AT_ONCE = 4;

/** A picture of the tick in storage, and whether its run has its key yet. */
interface StoredPicture {
  key: string;
  onRun: boolean;
}

/** A camera's picture of the tick, or the key it was stored under by an earlier try of it. */
type Taken = { run: SnapshotRun; camera: ScheduledCamera } & (
  | { picture: MediaFile }
  | { storedAs: string }
);

/**
 * The handler of `camera-snapshots` jobs, one a tick of an organization's schedule at one
 * interval: each camera's snapshot goes to storage (a run each), and the tick's snapshots go to
 * the video worker in one identification job, with the organization's enrolled faces once. A
 * camera that cannot be reached fails its run alone, with the provider's words; the next tick
 * tries again. The job's id names its runs, so a repeated job does nothing twice. Snapshots that
 * cannot be sent for identification fail their runs with the reason, and the job with them.
 */
export function createSnapshotTaker(deps: SnapshotTakerDeps) {
  return async (job: Job<CameraSnapshotJob>): Promise<SnapshotTick> => {
    const { organizationId, intervalSeconds } = CameraSnapshotJob.parse(job.data);
    const cameras = await deps.runs.scheduledCameras(organizationId, intervalSeconds);
    if (cameras.length === 0) {
      // Every camera removed or turned off since this tick was planned: the schedule goes too.
      await deps.schedules.follow(organizationId);
      return { sent: 0, failed: 0 };
    }
    const tick = job.id ?? `${organizationId}:${intervalSeconds}:${job.timestamp}`;
    const runs: { run: SnapshotRun; camera: ScheduledCamera }[] = [];
    for (const camera of cameras) {
      const run = await deps.runs.open(`${tick}:${camera.assignment_id}`, camera);
      if (run.status === 'pending') runs.push({ run, camera });
    }
    const taken = await inBatches(runs, CAMERAS_AT_ONCE, (one) => takePicture(deps, one));
    const pictures = taken.filter((one): one is Taken => one !== undefined);
    const failed = runs.length - pictures.length;
    if (pictures.length === 0) return { sent: 0, failed };
    // Pictures of an earlier try of this tick are in storage already, their keys on their runs.
    const stored: StoredPicture[] = pictures.flatMap((one) =>
      'storedAs' in one ? [{ key: one.storedAs, onRun: true }] : [],
    );
    try {
      const sent = await sendToIdentify(deps, organizationId, pictures, stored);
      return { sent, failed: runs.length - sent };
    } catch (error) {
      // Tick jobs are not retried: the runs would be pending for ever and their pictures stay.
      const words = error instanceof Error ? error.message : String(error);
      await abandon(deps, pictures, stored, `${NOT_SENT}: ${words}`);
      throw error;
    }
  };
}

/** The tick's pictures stored and sent in one identification job; answers how many were sent. */
async function sendToIdentify(
  deps: SnapshotTakerDeps,
  organizationId: number,
  pictures: Taken[],
  stored: StoredPicture[],
): Promise<number> {
  const enrolments = await deps.rpc.call(videoRpc.enrolments, { organizationId });
  if (enrolments.length === 0) {
    await abandon(deps, pictures, stored, NO_ENROLMENTS);
    return 0;
  }
  const snapshots: TickSnapshot[] = [];
  for (const one of pictures)
    snapshots.push({ runId: one.run.id, snapshotKey: await store(deps, one, stored) });
  // The contract names the job by its first run (one identification a tick, whatever happens
  // to this job) and sets its attempts.
  await addFairly(deps.identification, 'identify', {
    organizationId,
    snapshots,
    keepSnapshot: pictures[0]!.camera.keep_snapshots,
    enrolments,
  });
  return snapshots.length;
}

/**
 * Runs that will not be identified fail with the reason. Their pictures go, but for those the
 * organization keeps: a kept picture is on its failed run, and goes with it at its retention.
 */
async function abandon(
  deps: SnapshotTakerDeps,
  pictures: Taken[],
  stored: StoredPicture[],
  reason: string,
) {
  for (const { run } of pictures) await deps.runs.fail(run.id, 'identification', reason);
  const kept = pictures[0]!.camera.keep_snapshots;
  for (const { key, onRun } of stored) if (!kept || !onRun) await removePicture(deps, key);
}

/** A store that fails to remove one leaves it behind, but must not hide why the tick failed. */
async function removePicture(deps: SnapshotTakerDeps, key: string) {
  try {
    await deps.storage.remove(key);
  } catch (error) {
    logger.warn(`Snapshot ${key} of a failed run was not removed: ${String(error)}`);
  }
}

/** The camera's picture, or its run failed with the provider's words (undefined). */
async function takePicture(
  deps: SnapshotTakerDeps,
  { run, camera }: { run: SnapshotRun; camera: ScheduledCamera },
): Promise<Taken | undefined> {
  // Taken by an earlier try of this tick (a retry, a replay): the same picture, not a second one.
  if (run.snapshot_key !== null) return { run, camera, storedAs: run.snapshot_key };
  try {
    const integration = await deps.integrations.row(camera.integration_id);
    const picture = await deps.integrations.provider(integration).snapshot(camera.camera_id);
    return { run, camera, picture };
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof RpcFailure)) throw error;
    await deps.runs.fail(
      run.id,
      'camera',
      `${camera.camera_name} could not be reached: ${error.message}`,
    );
    return undefined;
  }
}

/** The picture in storage, its key kept on the run; `stored` says so as soon as each is true. */
async function store(
  deps: SnapshotTakerDeps,
  taken: Taken,
  stored: StoredPicture[],
): Promise<string> {
  if ('storedAs' in taken) return taken.storedAs;
  const { run, camera, picture } = taken;
  const extension = EXTENSIONS[picture.contentType.split(';')[0]!.trim()] ?? 'jpg';
  const key = newObjectKey(camera.organization_id, cameraFolder(camera.assignment_id), extension);
  await deps.storage.put(key, picture.bytes, picture.contentType, picture.bytes.length);
  const inStore = { key, onRun: false };
  stored.push(inStore);
  await deps.runs.setSnapshotKey(run.id, key);
  inStore.onRun = true;
  return key;
}

/** Each item through `work`, `size` at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>) {
  const answers: R[] = [];
  for (let start = 0; start < items.length; start += size)
    answers.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return answers;
}
