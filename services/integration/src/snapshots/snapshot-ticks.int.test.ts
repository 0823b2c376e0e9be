import 'reflect-metadata';
import { openQueue } from '@hub/kit';
import {
  type CameraSnapshotJob,
  FAILURE_REASONS,
  type IntegrationInboxMessage,
  QUEUE_CONTRACTS,
  type SnapshotIdentificationJob,
} from '@hub/proto';
import { claimTemplateResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { ProviderError } from '../provider/camera-provider.js';
import { createIntegrationInboxHandler } from './integration-inbox.js';
import { SnapshotRunsRepository } from './snapshot-runs.repository.js';
import { SnapshotSchedules } from './snapshot-schedules.js';
import { createSnapshotTaker, type SnapshotTakerDeps } from './snapshot-taker.js';

let resources: TestResources;
let db: DataSource;
let identification: Queue<SnapshotIdentificationJob>;
const ORG = 7;
const OTHER_ORG = 8;
const stored: string[] = [];
let enrolmentCalls = 0;

/** The taker's world: a camera system whose cam-3 is offline, a store, one enrolled face. */
function deps(): SnapshotTakerDeps {
  const provider = {
    snapshot: async (cameraId: string) => {
      if (cameraId === 'cam-3') throw new ProviderError('unavailable', 'Camera offline');
      return { bytes: Buffer.from(cameraId), contentType: 'image/jpeg' };
    },
  };
  return {
    runs: new SnapshotRunsRepository(db),
    integrations: { row: async () => ({ id: 1 }), provider: () => provider } as never,
    storage: {
      put: async (key: string) => void stored.push(key),
      stat: async (key: string) => (stored.includes(key) ? { size: 1 } : null),
    } as never,
    rpc: {
      call: async () => {
        enrolmentCalls += 1;
        return [{ userId: 1, name: 'Ann', embedding: [0.1], space: 'test' }];
      },
    } as never,
    identification,
    schedules: { follow: async () => undefined } as never,
  };
}

const tickJob = (id: string, organizationId: number) =>
  ({ id, data: { organizationId, intervalSeconds: 60 }, timestamp: 0 }) as Job<CameraSnapshotJob>;

/** A store for answers that remove no picture (identifications, runs without one). */
const noStore = { remove: async () => undefined };

const inboxJob = (data: IntegrationInboxMessage) => ({ data }) as Job<IntegrationInboxMessage>;

const runsOf = (organizationId: number) =>
  db.query(
    `SELECT camera_id, status, reason FROM snapshot_runs WHERE organization_id = $1 ORDER BY id`,
    [organizationId],
  ) as Promise<{ camera_id: string; status: string; reason: string | null }[]>;

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  identification = openQueue(QUEUE_CONTRACTS.snapshotIdentification, {
    url: TEST_REDIS_URL,
    prefix: resources.redisPrefix,
  });
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  // Four cameras of the organization every 60 s, one every 120 s, one of another organization.
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
       created_by, snapshot_enabled, snapshot_interval_seconds)
     SELECT 1, 'cam-' || n, 'Camera ' || n, CASE WHEN n = 6 THEN $2::int ELSE $1::int END, 1, true,
            CASE WHEN n = 5 THEN 120 ELSE 60 END
       FROM generate_series(1, 6) n`,
    [ORG, OTHER_ORG],
  );
});

afterAll(async () => {
  await identification?.obliterate({ force: true });
  await identification?.close();
  await db?.destroy();
  await resources?.release();
});

describe("one job per organization's tick, from the camera to presence events", () => {
  it('sends one identification job for every camera of the tick, enrolments once', async () => {
    const taker = createSnapshotTaker(deps());
    expect(await taker(tickJob('repeat:tick-1', ORG))).toEqual({ sent: 3, failed: 1 });
    // Taken again (a retry, a replay): the same runs, the failed one left as it is, the pending
    // ones sent again with their pictures of the first try, to the one job BullMQ already has
    // (named by the tick's first run).
    expect(await taker(tickJob('repeat:tick-1', ORG))).toEqual({ sent: 3, failed: 0 });
    expect(enrolmentCalls).toBe(2);
    expect(stored).toHaveLength(3);
    const jobs = await identification.getJobs(['waiting', 'prioritized', 'delayed']);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({ organizationId: ORG, keepSnapshot: false });
    expect(jobs[0]!.data.enrolments).toHaveLength(1);
    expect(jobs[0]!.data.snapshots.map((one) => one.snapshotKey)).toEqual(stored);
    // The unreachable camera failed alone; the camera of another interval is not in this tick.
    expect(await runsOf(ORG)).toEqual([
      { camera_id: 'cam-1', status: 'pending', reason: null },
      { camera_id: 'cam-2', status: 'pending', reason: null },
      {
        camera_id: 'cam-3',
        status: 'failed',
        reason: `Camera 3 could not be reached: ${FAILURE_REASONS.camera_system_unavailable}`,
      },
      { camera_id: 'cam-4', status: 'pending', reason: null },
    ]);
    expect(await runsOf(OTHER_ORG)).toEqual([]);
  });

  it("records the tick's one answer once, heard twice, and fails a snapshot alone", async () => {
    const [job] = await identification.getJobs(['waiting', 'prioritized', 'delayed']);
    const [first, second, third] = job!.data.snapshots;
    const answer: IntegrationInboxMessage = {
      kind: 'snapshots.answered',
      organizationId: ORG,
      results: [
        {
          kind: 'snapshot.identified',
          runId: first!.runId,
          facesDetected: 2,
          people: [1, 2].map((userId) => ({ userId, confidence: 0.8 })),
        },
        {
          kind: 'snapshot.identified',
          runId: second!.runId,
          facesDetected: 1,
          people: [{ userId: 1, confidence: 0.9 }],
        },
        {
          kind: 'snapshot.failed',
          runId: third!.runId,
          reason: 'The snapshot could not be read as an image.',
        },
      ],
    };
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), noStore);
    expect(await inbox(inboxJob(answer))).toBe(3);
    // The same message again (the video worker's job retried after it was sent): nothing more.
    expect(await inbox(inboxJob(answer))).toBe(0);
    const [events] = (await db.query(
      `SELECT count(*)::int AS count FROM presence_events WHERE organization_id = $1`,
      [ORG],
    )) as { count: number }[];
    expect(events).toEqual({ count: 3 });
    expect((await runsOf(ORG)).map((run) => run.status)).toEqual([
      'identified',
      'identified',
      'failed',
      'failed',
    ]);
  });

  it('keeps one scheduler per organization and interval in use, and no other', async () => {
    const queue = openQueue(QUEUE_CONTRACTS.cameraSnapshots, {
      url: TEST_REDIS_URL,
      prefix: resources.redisPrefix,
    });
    try {
      // One left by the schedules of before (one a camera): start-up removes it.
      await queue.upsertJobScheduler('assignment-1', { every: 60_000 }, { name: 'snapshot' });
      const schedules = new SnapshotSchedules(queue, new SnapshotRunsRepository(db));
      const keys = async () =>
        (await queue.getJobSchedulers(0, -1)).map((one) => [one.key, one.every]).sort();
      await schedules.follow(ORG);
      expect(await keys()).toEqual([
        ['assignment-1', 60_000],
        [`organization-${ORG}-every-120`, 120_000],
        [`organization-${ORG}-every-60`, 60_000],
      ]);
      // A camera turned on at 60 s is taken at once, not at the next tick up to a minute later;
      // a change that turns nothing on waits for the next tick.
      const ticksAt60 = async () =>
        (await queue.getJobs(['waiting', 'delayed'])).filter((job) =>
          job.id?.startsWith(`repeat:organization-${ORG}-every-60:`),
        ).length;
      expect(await ticksAt60()).toBe(1);
      await schedules.follow(ORG, 60);
      expect(await ticksAt60()).toBe(2);
      await schedules.follow(ORG);
      expect(await ticksAt60()).toBe(2);
      await schedules.resync();
      expect(await keys()).toEqual([
        [`organization-${ORG}-every-120`, 120_000],
        [`organization-${ORG}-every-60`, 60_000],
        [`organization-${OTHER_ORG}-every-60`, 60_000],
      ]);
      await db.query(
        `UPDATE camera_assignments SET snapshot_enabled = false WHERE camera_id = 'cam-5'`,
      );
      await Promise.all([schedules.follow(ORG), schedules.follow(ORG)]);
      expect(await keys()).toEqual([
        [`organization-${ORG}-every-60`, 60_000],
        [`organization-${OTHER_ORG}-every-60`, 60_000],
      ]);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('a tick whose snapshots cannot be sent for identification', () => {
  const KEEPING_ORG = 9;
  const puts: string[] = [];
  const removed: string[] = [];
  /** The tick's world of before, but for its store (what goes in and out) and `changes`. */
  const failingDeps = (changes: Partial<SnapshotTakerDeps>): SnapshotTakerDeps => ({
    ...deps(),
    storage: {
      put: async (key: string) => void puts.push(key),
      remove: async (key: string) => void removed.push(key),
    } as never,
    ...changes,
  });
  /** One tick of the organization in `world`, its job named `name`. */
  const taker = (world: SnapshotTakerDeps, name: string, organizationId: number) =>
    createSnapshotTaker(world)(tickJob(`repeat:${name}`, organizationId));
  // Redis refuses the identification job; the queue is the real one otherwise.
  const unreachableQueue = () =>
    Object.assign(Object.create(identification) as Queue<SnapshotIdentificationJob>, {
      getBackend: () => {
        throw new Error('Redis is down');
      },
    });
  const runsWithKeys = (organizationId: number) =>
    db.query(
      `SELECT status, failure_stage, reason, snapshot_key FROM snapshot_runs
        WHERE organization_id = $1 ORDER BY id`,
      [organizationId],
    ) as Promise<
      { status: string; failure_stage: string; reason: string; snapshot_key: string | null }[]
    >;

  beforeAll(async () => {
    puts.length = 0;
    removed.length = 0;
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
         created_by, snapshot_enabled, snapshot_interval_seconds)
       SELECT 1, 'cam-' || o || '-' || n, 'Camera ' || n, o, 1, true, 60
         FROM unnest($1::int[]) o, generate_series(1, 2) n`,
      [[ORG + 10, ORG + 11, KEEPING_ORG]],
    );
    await db.query(
      `INSERT INTO floor_privacy (organization_id, keep_snapshots) VALUES ($1, true)`,
      [KEEPING_ORG],
    );
  });

  it('fails its runs with the reason when the enrolments cannot be read', async () => {
    const rpc = {
      call: async () => {
        throw new Error('the video worker did not answer');
      },
    } as never;
    await expect(taker(failingDeps({ rpc }), 'enrolments', ORG + 10)).rejects.toThrow(/answer/);
    expect(await runsWithKeys(ORG + 10)).toEqual(
      [1, 2].map(() => ({
        status: 'failed',
        failure_stage: 'identification',
        reason: FAILURE_REASONS.snapshot_not_sent,
        snapshot_key: null,
      })),
    );
  });

  it('fails its runs and removes their pictures when the job cannot be queued', async () => {
    const sending = failingDeps({ identification: unreachableQueue() });
    await expect(taker(sending, 'queueing', ORG + 11)).rejects.toThrow('Redis is down');
    expect(await runsWithKeys(ORG + 11)).toEqual(
      [1, 2].map(() => ({
        status: 'failed',
        failure_stage: 'identification',
        reason: FAILURE_REASONS.snapshot_not_sent,
        snapshot_key: null,
      })),
    );
    expect(puts).toHaveLength(2);
    expect(removed).toEqual(puts);
  });

  it('leaves no picture that no run names when killed while failing its runs', async () => {
    const KILLED = ORG + 12;
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
         created_by, snapshot_enabled, snapshot_interval_seconds)
       SELECT 1, 'cam-killed-' || n, 'Camera ' || n, $1, 1, true, 60 FROM generate_series(1, 2) n`,
      [KILLED],
    );
    const objects = new Set<string>();
    const repository = new SnapshotRunsRepository(db);
    let killed!: () => void;
    const dead = new Promise<void>((resolve) => (killed = resolve));
    let failed = 0;
    // The process dies once its last run's failure is written: nothing after that runs.
    const runs = Object.assign(Object.create(repository) as SnapshotRunsRepository, {
      fail: async (...args: Parameters<SnapshotRunsRepository['fail']>) => {
        await repository.fail(...args);
        failed += 1;
        if (failed < 2) return;
        killed();
        return new Promise<never>(() => undefined);
      },
    });
    const world = failingDeps({
      runs,
      identification: unreachableQueue(),
      storage: {
        put: async (key: string) => void objects.add(key),
        remove: async (key: string) => void objects.delete(key),
      } as never,
    });
    void taker(world, 'killed-failing', KILLED).catch(() => undefined);
    await dead;
    const named = ((await runsWithKeys(KILLED)) as { snapshot_key: string | null }[]).map(
      (run) => run.snapshot_key,
    );
    expect([...objects].filter((key) => !named.includes(key))).toEqual([]);
  });

  it('keeps the pictures its failed runs record when the organization keeps snapshots', async () => {
    puts.length = 0;
    removed.length = 0;
    const sending = failingDeps({ identification: unreachableQueue() });
    await expect(taker(sending, 'kept', KEEPING_ORG)).rejects.toThrow('Redis is down');
    const failed = await runsWithKeys(KEEPING_ORG);
    expect(failed.map((run) => [run.status, run.snapshot_key])).toEqual(
      puts.map((key) => ['failed', key]),
    );
    expect(removed).toEqual([]);
  });
});

describe('a tick whose cameras are removed under it', () => {
  const REMOVING_ORG = ORG + 20;
  const assignmentsOf = async (organizationId: number) =>
    (
      (await db.query(`SELECT id FROM camera_assignments WHERE organization_id = $1 ORDER BY id`, [
        organizationId,
      ])) as { id: number }[]
    ).map((row) => row.id);
  const removeCamera = (assignmentId: number) =>
    db.query(`DELETE FROM camera_assignments WHERE id = $1`, [assignmentId]);
  const identificationOf = async (organizationId: number) =>
    (await identification.getJobs(['waiting', 'prioritized', 'delayed'])).filter(
      (job) => job.data.organizationId === organizationId,
    );

  beforeAll(async () => {
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
         created_by, snapshot_enabled, snapshot_interval_seconds)
       SELECT 1, 'cam-r-' || n, 'Camera ' || n, $1, 1, true, 60 FROM generate_series(1, 4) n`,
      [REMOVING_ORG],
    );
  });

  it("takes the other cameras' snapshots when one is removed before its run is opened", async () => {
    const [, removed] = await assignmentsOf(REMOVING_ORG);
    // The camera is removed once the tick has read which cameras it takes.
    const runs = new SnapshotRunsRepository(db);
    const scheduled = runs.scheduledCameras.bind(runs);
    runs.scheduledCameras = async (organizationId, intervalSeconds) => {
      const cameras = await scheduled(organizationId, intervalSeconds);
      await removeCamera(removed!);
      return cameras;
    };
    const taker = createSnapshotTaker({ ...deps(), runs });
    expect(await taker(tickJob('repeat:removed-before', REMOVING_ORG))).toEqual({
      sent: 3,
      failed: 0,
    });
    const [job] = await identificationOf(REMOVING_ORG);
    const pending = (await runsOf(REMOVING_ORG)).filter((run) => run.status === 'pending');
    expect(pending.map((run) => run.camera_id)).toEqual(['cam-r-1', 'cam-r-3', 'cam-r-4']);
    expect(job!.data.snapshots).toHaveLength(3);
  });

  it('sends no snapshot of a camera removed while its picture was stored, nor keeps it', async () => {
    await identification.obliterate({ force: true });
    const [first, removed, last] = await assignmentsOf(REMOVING_ORG);
    const puts: string[] = [];
    const removedKeys: string[] = [];
    const taker = createSnapshotTaker({
      ...deps(),
      storage: {
        put: async (key: string) => {
          puts.push(key);
          if (key.includes(`/camera-${removed}/`)) await removeCamera(removed!);
        },
        remove: async (key: string) => void removedKeys.push(key),
      } as never,
    });
    expect(await taker(tickJob('repeat:removed-during', REMOVING_ORG))).toEqual({
      sent: 2,
      failed: 0,
    });
    const [job] = await identificationOf(REMOVING_ORG);
    const runIds = (await db.query(
      `SELECT id::int FROM snapshot_runs WHERE assignment_id = ANY($1) AND job_key LIKE '%removed-during%'
        ORDER BY id`,
      [[first, last]],
    )) as { id: number }[];
    expect(job!.data.snapshots.map((one) => one.runId)).toEqual(runIds.map((run) => run.id));
    // The removed camera's picture, stored after its run was gone with it, does not stay.
    expect(puts).toHaveLength(3);
    expect(removedKeys).toEqual(puts.filter((key) => key.includes(`/camera-${removed}/`)));
    expect(removedKeys).toHaveLength(1);
  });

  it('fails the runs it opened when another cannot be opened, rather than leave them pending', async () => {
    const runs = new SnapshotRunsRepository(db);
    const open = runs.open.bind(runs);
    let opened = 0;
    runs.open = async (jobKey, camera) => {
      opened += 1;
      if (opened === 2) throw new Error('the database refused');
      return open(jobKey, camera);
    };
    const taker = createSnapshotTaker({ ...deps(), runs });
    await expect(taker(tickJob('repeat:refused', REMOVING_ORG))).rejects.toThrow('refused');
    expect(
      await db.query(
        `SELECT status, reason FROM snapshot_runs WHERE job_key LIKE 'repeat:refused:%'`,
      ),
    ).toEqual([
      {
        status: 'failed',
        reason: FAILURE_REASONS.snapshot_not_sent,
      },
    ]);
  });
});

describe('a tick killed just after a picture was stored', () => {
  const KILLED_ORG = ORG + 30;
  const objects = new Map<string, Buffer>();
  let taken = 0;
  /** The tick's world, its store in `objects`; with `killAtPut`, the process dies in a put. */
  const killableDeps = (killAtPut?: () => void): SnapshotTakerDeps => {
    const provider = {
      snapshot: async (cameraId: string) => {
        taken += 1;
        return { bytes: Buffer.from(cameraId), contentType: 'image/jpeg' };
      },
    };
    return {
      ...deps(),
      integrations: { row: async () => ({ id: 1 }), provider: () => provider } as never,
      storage: {
        put: async (key: string, bytes: Buffer) => {
          objects.set(key, bytes);
          if (!killAtPut) return { size: bytes.length };
          killAtPut();
          // Nothing after the put ever runs, as in a process killed there.
          return new Promise<never>(() => undefined);
        },
        stat: async (key: string) => (objects.has(key) ? { size: 1 } : null),
        remove: async (key: string) => void objects.delete(key),
      } as never,
    };
  };
  const keysOnRuns = async () =>
    (
      (await db.query(
        `SELECT snapshot_key FROM snapshot_runs WHERE organization_id = $1 AND snapshot_key IS NOT NULL`,
        [KILLED_ORG],
      )) as { snapshot_key: string }[]
    ).map((row) => row.snapshot_key);

  beforeAll(async () => {
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
         created_by, snapshot_enabled, snapshot_interval_seconds)
       SELECT 1, 'cam-k-' || n, 'Camera ' || n, $1, 1, true, 60 FROM generate_series(1, 2) n`,
      [KILLED_ORG],
    );
  });

  it('leaves no picture that no run names, and its replay stores none twice', async () => {
    let killed!: () => void;
    const dead = new Promise<void>((resolve) => (killed = resolve));
    void createSnapshotTaker(killableDeps(killed))(tickJob('repeat:killed', KILLED_ORG));
    await dead;
    // The first camera's picture is stored, the process gone: its run names it all the same.
    expect(objects.size).toBe(1);
    expect(await keysOnRuns()).toEqual([...objects.keys()]);
    // BullMQ hands the stalled tick over again: the first picture is sent as it is, not taken
    // again, and the second camera's is taken and stored once.
    const replay = createSnapshotTaker(killableDeps());
    expect(await replay(tickJob('repeat:killed', KILLED_ORG))).toEqual({ sent: 2, failed: 0 });
    expect(taken).toBe(3);
    expect(objects.size).toBe(2);
    expect((await keysOnRuns()).sort()).toEqual([...objects.keys()].sort());
    const jobs = (await identification.getJobs(['waiting', 'prioritized', 'delayed'])).filter(
      (job) => job.data.organizationId === KILLED_ORG,
    );
    expect(jobs.flatMap((job) => job.data.snapshots.map((one) => one.snapshotKey)).sort()).toEqual(
      [...objects.keys()].sort(),
    );
  });

  /** The poison report of a video worker that died twice on the job: every run fails. */
  const gaveUp = (organizationId: number, runIds: number[]): Job<IntegrationInboxMessage> =>
    inboxJob({
      kind: 'snapshots.answered',
      organizationId,
      results: runIds.map((runId) => ({
        kind: 'snapshot.failed' as const,
        runId,
        reason: 'Processing stopped the video worker twice.',
      })),
    });
  /** A pending run on `cameraId`, naming a picture stored in `objects`. */
  const pendingWithPicture = async (cameraId: string, key: string) => {
    objects.set(key, Buffer.from(key));
    const rows = (await db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, snapshot_key)
       SELECT $1, a.organization_id, a.id, a.camera_id, $1 FROM camera_assignments a
        WHERE a.camera_id = $2 RETURNING id::int`,
      [key, cameraId],
    )) as { id: number }[];
    return rows[0]!.id;
  };
  const keyOf = async (runId: number) =>
    (
      (await db.query(`SELECT status, snapshot_key FROM snapshot_runs WHERE id = $1`, [runId])) as {
        status: string;
        snapshot_key: string | null;
      }[]
    )[0];

  it('removes at once the pictures of runs the video worker gave up on, then forgets them', async () => {
    const runIds = (
      (await db.query(`SELECT id::int FROM snapshot_runs WHERE organization_id = $1 ORDER BY id`, [
        KILLED_ORG,
      ])) as { id: number }[]
    ).map((row) => row.id);
    expect(objects.size).toBe(2);
    // The organization does not keep snapshots: its pictures go when their runs fail, not at
    // retention (the worker removes a picture only once it answered).
    const inbox = createIntegrationInboxHandler(
      new SnapshotRunsRepository(db),
      killableDeps().storage,
    );
    await inbox(gaveUp(KILLED_ORG, runIds));
    expect(objects.size).toBe(0);
    expect(await keysOnRuns()).toEqual([]);
  });

  it('leaves a picture the store refused to remove named, for retention', async () => {
    const runId = await pendingWithPicture('cam-k-1', 'killed:refused');
    const refusing = {
      remove: async () => {
        throw new Error('store unavailable');
      },
    };
    await createIntegrationInboxHandler(
      new SnapshotRunsRepository(db),
      refusing,
    )(gaveUp(KILLED_ORG, [runId]));
    expect(objects.has('killed:refused')).toBe(true);
    expect(await keyOf(runId)).toEqual({ status: 'failed', snapshot_key: 'killed:refused' });
  });

  it('keeps the picture of a failed run when the organization keeps snapshots', async () => {
    // cam-9-1 is the keeping organization's (9), set up with its floor_privacy above.
    const runId = await pendingWithPicture('cam-9-1', 'killed:kept');
    const inbox = createIntegrationInboxHandler(
      new SnapshotRunsRepository(db),
      killableDeps().storage,
    );
    await inbox(gaveUp(9, [runId]));
    expect(objects.has('killed:kept')).toBe(true);
    expect(await keyOf(runId)).toEqual({ status: 'failed', snapshot_key: 'killed:kept' });
  });
});

describe('older single-snapshot messages, which name no organization', () => {
  const runOn = async (key: string, organizationId: number, cameraId: string) => {
    const rows = (await db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
       SELECT $1, $2, a.id, a.camera_id FROM camera_assignments a WHERE a.camera_id = $3
       RETURNING id::int`,
      [key, organizationId, cameraId],
    )) as { id: number }[];
    return rows[0]!.id;
  };
  const identified = (runId: number): IntegrationInboxMessage => ({
    kind: 'snapshot.identified',
    runId,
    facesDetected: 1,
    people: [{ userId: 1, confidence: 0.9 }],
  });
  const stateOf = async (runId: number) =>
    (
      (await db.query(
        `SELECT r.status, count(p.id)::int AS events FROM snapshot_runs r
           LEFT JOIN presence_events p ON p.snapshot_run_id = r.id
          WHERE r.id = $1 GROUP BY r.status`,
        [runId],
      )) as { status: string; events: number }[]
    )[0];

  it("act on a run only if it and its camera are of one organization, the camera's", async () => {
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), noStore);
    // A run said to be the organization's, on another organization's camera (cam-6).
    const mismatched = await runOn('legacy:mismatched', ORG, 'cam-6');
    expect(await inbox(inboxJob(identified(mismatched)))).toBe(0);
    await inbox(inboxJob({ kind: 'snapshot.failed', runId: mismatched, reason: 'Unreadable.' }));
    expect(await stateOf(mismatched)).toEqual({ status: 'pending', events: 0 });
    const own = await runOn('legacy:own', OTHER_ORG, 'cam-6');
    expect(await inbox(inboxJob(identified(own)))).toBe(1);
    expect(await stateOf(own)).toEqual({ status: 'identified', events: 1 });
  });

  it("never opens a run for a camera of an organization other than the tick's", async () => {
    const runs = new SnapshotRunsRepository(db);
    const [camera] = await runs.scheduledCameras(OTHER_ORG, 60);
    expect(await runs.open('legacy:crossed', { ...camera!, organization_id: ORG })).toBeUndefined();
    expect(await runs.open('legacy:straight', camera!)).toMatchObject({
      organization_id: OTHER_ORG,
    });
  });
});
