import { readFileSync } from 'node:fs';
import { openQueue } from '@hub/kit';
import {
  api,
  type CameraSnapshotJob,
  type FloorAlert,
  type IntegrationInboxMessage,
  QUEUES,
} from '@hub/proto';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { signedIn } from './tenant-fixtures.js';
import {
  ApiSession,
  fixture,
  startTestStack,
  SUPER_ADMIN,
  type TestStack,
  waitFor,
} from './test-stack.js';
import { type RunningWorkers, startVideoWorkers } from './test-workers.js';
import { type BodyOf, expectError, parseAnswer } from './api-client.js';

let simulator: RunningSimulator;
let stack: TestStack;
let workers: RunningWorkers;
let root: ApiSession;
let ann: ApiSession;
let gina: ApiSession;
let acme: number;
let globex: number;
const people: Record<string, number> = {};
let snapshotQueue: Queue<CameraSnapshotJob>;
let inbox: Queue<IntegrationInboxMessage>;
const PASSWORD = 'Snapshot-Test-Pass-1!';

/** A user with a profile picture, enrolled by the real video worker. */
async function enrolled(key: string, org: number, picture: string) {
  const email = `${key}@snap.test`;
  const id = await stack.createUser({
    email,
    password: PASSWORD,
    role: 'operator',
    organizationId: org,
  });
  const session = await signedIn(stack, email, PASSWORD);
  const upload = await session.uploadTo(
    api.uploadProfilePicture,
    {},
    { name: 'me.png', data: readFileSync(fixture(`faces/${picture}`)) },
  );
  await session.call(api.changeProfilePicture, { body: { fileName: upload.fileName } });
  await waitFor(
    async () =>
      (await stack.video.dataSource.query(
        `SELECT 1 FROM face_enrolments WHERE user_id = $1 AND model <> 'pending'`,
        [id],
      )) as unknown[],
    (rows) => rows.length === 1,
  );
  return id;
}

const query = <T>(sql: string, params: unknown[] = []) =>
  stack.integration.dataSource.query(sql, params) as Promise<T[]>;

const presence = () =>
  query<{
    person_id: number;
    organization_id: number;
    camera_id: string;
    area_id: number | null;
    snapshot_run_id: string;
  }>(
    `SELECT person_id, organization_id, camera_id, area_id, snapshot_run_id FROM presence_events ORDER BY id`,
  );

const runs = (assignmentId: number) =>
  query<{
    id: string;
    status: string;
    reason: string | null;
    snapshot_key: string | null;
    people_seen: number;
  }>(
    `SELECT id, status, reason, snapshot_key, people_seen FROM snapshot_runs WHERE assignment_id = $1 ORDER BY id`,
    [assignmentId],
  );

const snapshotsStored = (org: number) => stack.storage.list(`org/${org}/snapshots/`);

type Alert = FloorAlert;
const floorAlerts = async (session: ApiSession) => (await session.call(api.floorStats)).alerts;

/** Turns a camera's snapshot schedule on or off (the super administrator's, by default). */
const schedule = (
  assignmentId: number,
  body: BodyOf<typeof api.updateCameraAssignmentSchedule>,
  session = root,
) => session.call(api.updateCameraAssignmentSchedule, { params: { id: assignmentId }, body });

const lastSnapshot = async (assignmentId: number) =>
  (await root.call(api.cameraAssignments)).assignments.find((one) => one.id === assignmentId)
    ?.lastSnapshot;

/** A processed SOP in the library's own tables, as its processing pipeline leaves one. */
async function processedSop(organizationId: number, title: string) {
  const [row] = (await stack.library.dataSource.query(
    `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix, source_key,
       uploaded_by, processed, sop_processed, processing_stage, text_key)
     VALUES ($1, $2, $3, 100, 'x/', $4, 1, true, true, 'done', $5) RETURNING id`,
    [organizationId, title, `${title}.pdf`, `x/${title}.pdf`, `x/${title}.txt`],
  )) as { id: number }[];
  return row!.id;
}

/** A certification of the SOP as the observation service issues one, running out in `days`. */
async function certify(userId: number, org: number, sopId: number, days: number) {
  await stack.observation.dataSource.query(
    `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
       validity_months, issued_at, expires_at, verification_code)
     VALUES ($1, $2, 'x', 'sop', $3, 'x', 12, now() - interval '1 year', now() + make_interval(days => $4), $5)
     ON CONFLICT (organization_id, user_id, kind, subject_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [org, userId, sopId, days, `CODE-${userId}-${sopId}-${Date.now()}`],
  );
}

beforeAll(async () => {
  simulator = await startCameraSimulator();
  stack = await startTestStack({ PROVIDER_TIMEOUT_MS: '1000', PROVIDER_BACKOFF_MS: '20' });
  workers = await startVideoWorkers(stack);
  const connection = { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix };
  snapshotQueue = openQueue(QUEUES.cameraSnapshots, connection);
  inbox = openQueue(QUEUES.integrationInbox, connection);
  acme = await stack.createOrganization('Acme Snap', 'acme-snap.test');
  globex = await stack.createOrganization('Globex Snap', 'globex-snap.test');
  for (const [key, role, org] of [
    ['ann', 'admin', acme],
    ['gina', 'admin', globex],
  ] as const)
    await stack.createUser({
      email: `${key}@snap.test`,
      password: PASSWORD,
      role,
      organizationId: org,
    });
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  ann = await signedIn(stack, 'ann@snap.test', PASSWORD);
  gina = await signedIn(stack, 'gina@snap.test', PASSWORD);
  // Howard works at Acme; Globex has someone with Howard's face too, never to be compared.
  people.howard = await enrolled('howard', acme, 'howard/howard1.png');
  people.amy = await enrolled('amy', acme, 'amy/amy1.png');
  people.twin = await enrolled('twin', globex, 'howard/howard3.png');
}, 300_000);

afterAll(async () => {
  await snapshotQueue?.close();
  await inbox?.close();
  await workers?.close();
  await stack?.stop();
  await simulator?.close();
});

describe('from camera to floor: scheduled snapshots identified by the video worker', () => {
  const assignments: Record<string, number> = {};
  let areaId: number;

  it('sets up the camera system and assigns the cameras, snapshots off by default', async () => {
    const created = await root.send(api.createIntegration, {
      body: { integrationType: 'camera_cloud', baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.demo },
    });
    expect(created.status).toBe(201);
    const integration = parseAnswer(api.createIntegration, created);
    for (const cameraId of ['cam-102', 'cam-106']) {
      const answer = await root.send(api.createCameraAssignment, {
        body: {
          cameraId,
          cameraName: cameraId,
          organizationId: acme,
          integrationId: integration.id,
        },
      });
      expect(answer.status).toBe(201);
      const assigned = parseAnswer(api.createCameraAssignment, answer);
      expect(assigned).toMatchObject({
        snapshotEnabled: false,
        snapshotIntervalSeconds: 60,
        lastSnapshot: null,
      });
      assignments[cameraId] = assigned.id;
    }
    const area = await ann.call(api.createArea, { body: { name: 'Assembly' } });
    areaId = area.id;
    const camera = await ann.call(api.updateFloorCamera, {
      params: { id: assignments['cam-102']! },
      body: { areaId },
    });
    expect(camera).toMatchObject({ areaId, snapshotEnabled: false });
    expect(await snapshotQueue.getJobSchedulers()).toEqual([]);
  });

  it('lets only the super administrator turn a schedule on', async () => {
    const id = assignments['cam-102']!;
    await expectError(schedule(id, { snapshotEnabled: true }, ann), 403);
    await expectError(schedule(id, { snapshotEnabled: true }, gina), 403);
    await expectError(schedule(id, { snapshotEnabled: true }, new ApiSession(stack.url)), 401);
    await expectError(schedule(id, { snapshotEnabled: true, snapshotIntervalSeconds: 1 }), 400);
    await expectError(schedule(999_999, { snapshotEnabled: true }), 404);
  });

  it("records the person the camera shows as present, in the camera's area, and keeps no snapshot", async () => {
    const on = await schedule(assignments['cam-102']!, { snapshotEnabled: true });
    expect(on).toMatchObject({ snapshotEnabled: true, snapshotIntervalSeconds: 60 });
    const schedulers = await snapshotQueue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.every])).toEqual([
      [`organization-${acme}-every-60`, 60_000],
    ]);
    const seen = await waitFor(presence, (rows) => rows.length > 0);
    expect(seen).toEqual([
      {
        person_id: people.howard,
        organization_id: acme,
        camera_id: 'cam-102',
        area_id: areaId,
        snapshot_run_id: expect.any(String),
      },
    ]);
    const [run] = await waitFor(
      () => runs(assignments['cam-102']!),
      (rows) => rows[0]?.status === 'identified',
    );
    expect(run).toMatchObject({ status: 'identified', people_seen: 1, snapshot_key: null });
    expect(
      await waitFor(
        () => snapshotsStored(acme),
        (keys) => keys.length === 0,
      ),
    ).toEqual([]);

    const stats = await ann.call(api.floorStats);
    expect(stats).toMatchObject({
      workersPresent: 1,
      areaBreakdown: { Assembly: { workers: 1 } },
    });
    expect(await gina.call(api.floorStats)).toMatchObject({ workersPresent: 0 });
    expect(await lastSnapshot(assignments['cam-102']!)).toMatchObject({
      status: 'identified',
      peopleSeen: 1,
      reason: null,
    });
  });

  it('records an identification heard twice once', async () => {
    const [run] = await runs(assignments['cam-102']!);
    const runId = Number(run!.id);
    const message: IntegrationInboxMessage = {
      kind: 'snapshots.answered',
      organizationId: acme,
      results: [
        {
          kind: 'snapshot.identified',
          runId,
          facesDetected: 2,
          people: [
            { userId: people.howard!, confidence: 0.7 },
            { userId: people.amy!, confidence: 0.7 },
          ],
        },
      ],
    };
    await inbox.add(message.kind, message);
    await inbox.add('snapshot.failed', { kind: 'snapshot.failed', runId, reason: 'late' });
    await waitFor(
      () => inbox.getJobCounts('waiting', 'active', 'delayed'),
      (counts) => (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.delayed ?? 0) === 0,
    );
    expect((await presence()).map((row) => row.person_id)).toEqual([people.howard]);
    expect((await runs(assignments['cam-102']!))[0]).toMatchObject({
      status: 'identified',
      reason: null,
    });
  });

  it('records a camera that cannot be reached as a failed run with the reason', async () => {
    await schedule(assignments['cam-106']!, {
      snapshotEnabled: true,
      snapshotIntervalSeconds: 120,
    });
    const [run] = await waitFor(
      () => runs(assignments['cam-106']!),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(run!.reason).toMatch(/^Warehouse Aisle 4 could not be reached: ./);
    expect(await lastSnapshot(assignments['cam-106']!)).toMatchObject({
      status: 'failed',
      reason: run!.reason,
    });
    expect(await floorAlerts(ann)).toContainEqual({
      kind: 'camera_unreachable',
      message: run!.reason,
      params: { camera: 'Warehouse Aisle 4', detail: run!.reason },
    });
    expect(await floorAlerts(gina)).toEqual([]);
  });

  it('alerts a person seen on a camera without a valid certification for its SOPs', async () => {
    const press = await processedSop(acme, 'Press Safety');
    const lockout = await processedSop(acme, 'Lockout Tagout');
    await root.call(api.updateCameraAssignmentSops, {
      params: { id: assignments['cam-102']! },
      body: { sopIds: [press, lockout] },
    });
    const uncertified = (alerts: Alert[]) =>
      alerts.filter((alert) => alert.kind === 'uncertified_presence');
    expect(uncertified(await floorAlerts(ann))).toEqual([
      {
        kind: 'uncertified_presence',
        message:
          'howard on Assembly Line A has no valid certification for Press Safety, Lockout Tagout',
        params: {
          name: 'howard',
          camera: 'Assembly Line A',
          sops: 'Press Safety, Lockout Tagout',
        },
      },
    ]);
    // Expired does not count; in force (expiring soon too) does.
    await certify(people.howard!, acme, press, -1);
    await certify(people.howard!, acme, lockout, 10);
    expect(uncertified(await floorAlerts(ann))).toEqual([
      {
        kind: 'uncertified_presence',
        message: 'howard on Assembly Line A has no valid certification for Press Safety',
        params: { name: 'howard', camera: 'Assembly Line A', sops: 'Press Safety' },
      },
    ]);
    await certify(people.howard!, acme, press, 200);
    const stats = await ann.call(api.floorStats);
    expect(uncertified(stats.alerts)).toEqual([]);
    expect(stats.alertsCount).toBe(1);
    expect(await floorAlerts(gina)).toEqual([]);
  });

  it('keeps snapshots when the organization says so', async () => {
    const keep = { body: { keepSnapshots: true } };
    await gina.call(api.updateFloorPrivacy, keep);
    expect(await ann.call(api.floorLayout)).toMatchObject({ keepSnapshots: false });
    expect(await ann.call(api.updateFloorPrivacy, keep)).toEqual({
      keepSnapshots: true,
      presenceRetentionDays: 30,
      learnFromConfirmed: false,
    });
    // Off and on again: the new schedule takes a snapshot at once.
    await schedule(assignments['cam-102']!, { snapshotEnabled: false });
    await schedule(assignments['cam-102']!, { snapshotEnabled: true });
    const kept = await waitFor(
      () => runs(assignments['cam-102']!),
      (rows) => rows.length === 2 && rows[1]!.status === 'identified',
    );
    expect(kept[1]!.snapshot_key).toMatch(new RegExp(`^org/${acme}/snapshots/`));
    expect(await snapshotsStored(acme)).toEqual([kept[1]!.snapshot_key]);
  });

  it('alerts a camera the camera system stops reaching, until it is reached again', async () => {
    const cycle = async (count: number) => {
      await schedule(assignments['cam-102']!, { snapshotEnabled: false });
      await schedule(assignments['cam-102']!, { snapshotEnabled: true });
      return waitFor(
        () => runs(assignments['cam-102']!),
        (rows) => rows.length === count && rows[count - 1]!.status !== 'pending',
      );
    };
    simulator.setOnline('cam-102', false);
    const failed = await cycle(3);
    expect(failed[2]!.status).toBe('failed');
    expect((await floorAlerts(ann)).map((alert) => alert.message)).toEqual([
      expect.stringMatching(/^Assembly Line A could not be reached: ./),
      expect.stringMatching(/^Warehouse Aisle 4 could not be reached: ./),
    ]);
    expect((await floorAlerts(ann)).map((alert) => alert.params.camera)).toEqual([
      'Assembly Line A',
      'Warehouse Aisle 4',
    ]);
    simulator.setOnline('cam-102', true);
    expect((await cycle(4))[3]!.status).toBe('identified');
    expect((await floorAlerts(ann)).map((alert) => alert.message)).toEqual([
      expect.stringMatching(/^Warehouse Aisle 4 could not be reached: ./),
    ]);
  });

  it('turns schedules off, and removes them with the assignment', async () => {
    await schedule(assignments['cam-102']!, { snapshotEnabled: false });
    expect((await snapshotQueue.getJobSchedulers()).map((s) => s.key)).toEqual([
      `organization-${acme}-every-120`,
    ]);
    await root.call(api.deleteCameraAssignment, { params: { id: assignments['cam-106']! } });
    expect(await snapshotQueue.getJobSchedulers()).toEqual([]);
  });

  it('alerts every camera of a camera system whose connection test failed since its last run', async () => {
    const integration = await root.call(api.createIntegration, {
      body: {
        integrationType: 'camera_cloud',
        baseUrl: simulator.url,
        clientId: SIMULATOR_ACCOUNTS.demo.clientId,
        clientSecret: 'not-the-secret',
      },
    });
    const test = await root.call(api.testIntegration, { params: { id: integration.id } });
    expect(test).toMatchObject({ success: false });
    expect((await floorAlerts(ann)).map((alert) => alert.message)).toEqual([
      expect.stringMatching(/^Assembly Line A could not be reached: ./),
    ]);
    expect(await floorAlerts(gina)).toEqual([]);
  });
});
