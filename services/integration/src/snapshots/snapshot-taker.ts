import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { addFairly, type ObjectStorage, organizationPrefix, RpcClient, RpcFailure } from '@hub/kit';
import {
  CameraSnapshotJob,
  FAILURE_REASONS,
  failureReasonText,
  type SnapshotIdentificationJob,
  type TickSnapshot,
  videoRpc,
} from '@hub/proto';
import type { IntegrationsService } from '../integrations/integrations.service.js';
import {
  type MediaFile,
  ProviderError,
  type ProviderFailureKind,
} from '../provider/camera-provider.js';
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

const logger = new Logger('SnapshotTaker');

export const NO_ENROLMENTS = FAILURE_REASONS.snapshot_no_enrolments;

/** Why a camera could not be reached, by the kind of its camera system's failure. */
const CAMERA_CAUSES: Record<ProviderFailureKind, string> = {
  auth: FAILURE_REASONS.camera_system_credentials,
  scope: FAILURE_REASONS.camera_system_forbidden,
  not_found: FAILURE_REASONS.camera_system_no_camera,
  rate_limited: FAILURE_REASONS.camera_system_limiting,
  timeout: FAILURE_REASONS.camera_system_timed_out,
  unreachable: FAILURE_REASONS.camera_system_unreachable,
  unavailable: FAILURE_REASONS.camera_system_unavailable,
  circuit_open: FAILURE_REASONS.camera_system_unavailable,
  protocol: FAILURE_REASONS.camera_system_bad_answer,
};

/**
 * A camera's name and why it could not be reached in their sentence: the cause in the catalog's
 * words (the camera system's own, and our refusal's, are logged).
 */
const unreachable = (camera: string, detail: string) =>
  failureReasonText('camera_unreachable', { camera, detail });

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

/**
 * Where a run's picture is stored: named by the run, so a second try of the run (a tick replayed
 * after a kill) writes over the first rather than beside it.
 */
const runPictureKey = (camera: ScheduledCamera, runId: number, extension: string) =>
  `${cameraSnapshotsPrefix(camera.organization_id, camera.assignment_id)}run-${runId}.${extension}`;

/** A camera of the tick with its run. */
type Opened = { run: SnapshotRun; camera: ScheduledCamera };

/** A camera's picture of the tick, or the key it was stored under by an earlier try of it. */
type Taken = Opened & ({ picture: MediaFile } | { storedAs: string });

/**
 * The handler of `camera-snapshots` jobs, one a tick of an organization's schedule at one
 * interval: each camera's snapshot goes to storage (a run each), and the tick's snapshots go to
 * the video worker in one identification job, with the organization's enrolled faces once. A
 * camera that cannot be reached fails its run alone, with the provider's words; the next tick
 * tries again. The job's id names its runs, so a repeated job does nothing twice. Snapshots that
 * cannot be sent for identification fail their runs with the reason, and the job with them. A
 * camera removed meanwhile (its runs go with it) is left out, and the others are taken.
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
    const runs = await openRuns(deps, tick, cameras);
    const taken = await inBatches(runs, CAMERAS_AT_ONCE, (one) => takePicture(deps, one));
    const pictures = taken.filter((one): one is Taken => one !== undefined);
    const unreachable = runs.length - pictures.length;
    if (pictures.length === 0) return { sent: 0, failed: unreachable };
    // Pictures of an earlier try of this tick are in storage already, their keys on their runs.
    const stored = pictures.flatMap((one) => ('storedAs' in one ? [one.storedAs] : []));
    try {
      const { sent, failed } = await sendToIdentify(deps, organizationId, pictures, stored);
      return { sent, failed: unreachable + failed };
    } catch (error) {
      // Tick jobs are not retried: the runs would be pending for ever and their pictures stay.
      await abandon(deps, pictures, stored, notSent(error, pictures));
      throw error;
    }
  };
}

/**
 * Why runs could not be sent: the words of what failed (a database's, Redis's, a service's) are
 * logged, with the tick's trace; the runs say the catalog's sentence, in the reader's language.
 */
function notSent(error: unknown, runs: { run: SnapshotRun }[]): string {
  const ids = runs.map(({ run }) => run.id).join(', ');
  const stack = error instanceof Error ? error.stack : undefined;
  logger.error(`Snapshots not sent for identification (runs ${ids}): ${String(error)}`, stack);
  return FAILURE_REASONS.snapshot_not_sent;
}

/**
 * The pending run of each camera of the tick still assigned (a camera removed since the tick
 * read them has none, and is skipped). Should one fail to open, the runs opened before it fail
 * with the reason: the tick ends, and nothing would ever take their pictures.
 */
async function openRuns(
  deps: SnapshotTakerDeps,
  tick: string,
  cameras: ScheduledCamera[],
): Promise<Opened[]> {
  const runs: Opened[] = [];
  try {
    for (const camera of cameras) {
      const run = await deps.runs.open(`${tick}:${camera.assignment_id}`, camera);
      if (run?.status === 'pending') runs.push({ run, camera });
    }
    return runs;
  } catch (error) {
    const reason = notSent(error, runs);
    for (const { run } of runs)
      await deps.runs.fail(run.id, 'identification', reason).catch((failure: unknown) => {
        logger.warn(`Snapshot run ${run.id} left pending: ${String(failure)}`);
      });
    throw error;
  }
}

/**
 * The tick's pictures stored and sent in one identification job: how many were sent, and how
 * many failed (no one to compare them with). A camera removed meanwhile is neither.
 */
async function sendToIdentify(
  deps: SnapshotTakerDeps,
  organizationId: number,
  pictures: Taken[],
  stored: string[],
): Promise<SnapshotTick> {
  const enrolments = await deps.rpc.call(videoRpc.enrolments, { organizationId });
  if (enrolments.length === 0) {
    await abandon(deps, pictures, stored, NO_ENROLMENTS);
    return { sent: 0, failed: pictures.length };
  }
  const snapshots: TickSnapshot[] = [];
  for (const one of pictures) {
    const snapshotKey = await store(deps, one, stored);
    if (snapshotKey !== undefined) snapshots.push({ runId: one.run.id, snapshotKey });
  }
  if (snapshots.length === 0) return { sent: 0, failed: 0 };
  // The contract names the job by its first run (one identification a tick, whatever happens
  // to this job) and sets its attempts.
  await addFairly(deps.identification, 'identify', {
    organizationId,
    snapshots,
    keepSnapshot: pictures[0]!.camera.keep_snapshots,
    enrolments,
  });
  return { sent: snapshots.length, failed: 0 };
}

/**
 * Runs that will not be identified fail with the reason. Their pictures go, but for those the
 * organization keeps: a kept picture is on its failed run, and goes with it at its retention.
 */
async function abandon(
  deps: SnapshotTakerDeps,
  pictures: Taken[],
  stored: string[],
  reason: string,
) {
  // The pictures go before their runs fail (which forgets their keys): a process killed between
  // leaves pending runs naming pictures gone, which the stale sweep fails, never a picture no
  // run names.
  if (!pictures[0]!.camera.keep_snapshots) for (const key of stored) await removePicture(deps, key);
  for (const { run } of pictures) await deps.runs.fail(run.id, 'identification', reason);
}

/** A store that fails to remove one leaves it behind, but must not hide why the tick failed. */
async function removePicture(deps: SnapshotTakerDeps, key: string) {
  try {
    await deps.storage.remove(key);
  } catch (error) {
    logger.warn(`Snapshot ${key} of a run not identified was not removed: ${String(error)}`);
  }
}

/** The camera's picture, or its run failed with the provider's words (undefined). */
async function takePicture(
  deps: SnapshotTakerDeps,
  { run, camera }: Opened,
): Promise<Taken | undefined> {
  // Taken by an earlier try of this tick (a retry, a replay): the same picture, not a second one.
  // A key without its picture is a try killed before the picture was stored: it is taken again.
  if (run.snapshot_key !== null && (await deps.storage.stat(run.snapshot_key)) !== null)
    return { run, camera, storedAs: run.snapshot_key };
  try {
    const integration = await deps.integrations.row(camera.integration_id);
    const picture = await deps.integrations.provider(integration).snapshot(camera.camera_id);
    return { run, camera, picture };
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof RpcFailure)) throw error;
    logger.warn(`Snapshot run ${run.id}: ${camera.camera_name} not reached: ${error.message}`);
    const cause =
      error instanceof ProviderError
        ? CAMERA_CAUSES[error.kind]
        : FAILURE_REASONS.camera_integration_unusable;
    await deps.runs.fail(run.id, 'camera', unreachable(camera.camera_name, cause));
    return undefined;
  }
}

/**
 * The picture in storage under a key its run names first, added to `stored` from then: a process
 * killed at any point leaves no picture that no run names (at worst a run naming a picture not
 * stored, which a replay takes again and the retention or stale sweep removes harmlessly).
 * Undefined, nothing left stored, when the run is gone: its camera was removed meanwhile.
 */
async function store(
  deps: SnapshotTakerDeps,
  taken: Taken,
  stored: string[],
): Promise<string | undefined> {
  if ('storedAs' in taken) return taken.storedAs;
  const { run, camera, picture } = taken;
  const extension = EXTENSIONS[picture.contentType.split(';')[0]!.trim()] ?? 'jpg';
  const key = runPictureKey(camera, run.id, extension);
  if (!(await deps.runs.setSnapshotKey(run.id, key))) return undefined;
  stored.push(key);
  await deps.storage.put(key, picture.bytes, picture.contentType, picture.bytes.length);
  if (await deps.runs.stillThere(run.id)) return key;
  // Its camera was removed while the picture was stored, its folder swept perhaps before the
  // picture came: nothing names the picture now, so it goes.
  stored.splice(stored.indexOf(key), 1);
  await removePicture(deps, key);
  return undefined;
}

/** Each item through `work`, `size` at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>) {
  const answers: R[] = [];
  for (let start = 0; start < items.length; start += size)
    answers.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return answers;
}
