import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import type { Job } from 'bullmq';
import { FAILURE_REASONS, type IntegrationInboxMessage } from '@hub/proto';
import { createIntegrationInboxHandler, IdentifiedSnapshotBatches } from './integration-inbox.js';
import { type IdentifiedSnapshot, SnapshotRunsRepository } from './snapshot-runs.repository.js';

let resources: TestResources;
let db: DataSource;
let runs: SnapshotRunsRepository;
let statements: number;

/** Pending runs, one a snapshot to come, as the snapshot taker leaves them. */
async function pendingRuns(count: number, from: number): Promise<number[]> {
  const rows = (await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
     SELECT 'batch-' || n, 7, 1, 'cam-1' FROM generate_series($1::int, $2::int) n
     RETURNING id`,
    [from, from + count - 1],
  )) as { id: string }[];
  return rows.map((row) => Number(row.id));
}

const identified = (runId: number, userIds: number[]): IdentifiedSnapshot => ({
  runId,
  facesDetected: userIds.length,
  people: userIds.map((userId) => ({ userId, confidence: 0.8 })),
});

const presenceOf = async (runIds: number[]) =>
  (
    (await db.query(
      `SELECT count(*)::int AS count FROM presence_events WHERE snapshot_run_id = ANY($1::bigint[])`,
      [runIds],
    )) as { count: number }[]
  )[0]!.count;

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     VALUES (1, 'cam-1', 'Camera 1', 7, 1)`,
  );
  const repository = new SnapshotRunsRepository(db);
  runs = Object.assign(Object.create(repository) as SnapshotRunsRepository, {
    recordIdentified: (snapshots: IdentifiedSnapshot[]) => {
      statements += 1;
      return repository.recordIdentified(snapshots);
    },
  });
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('identified snapshots written in batches', () => {
  it('writes a burst of identifications in a few statements, each snapshot once', async () => {
    const batches = new IdentifiedSnapshotBatches(runs);
    const ids = await pendingRuns(300, 1);
    statements = 0;
    const recorded = await Promise.all(ids.map((id) => batches.record(identified(id, [1, 2, 3]))));
    expect(recorded).toEqual(ids.map(() => 3));
    // The first alone (nothing was waiting), the 299 that came while it was written together.
    expect(statements).toBe(2);
    expect(await presenceOf(ids)).toBe(900);
    const states = (await db.query(
      `SELECT DISTINCT status, people_seen FROM snapshot_runs WHERE id = ANY($1::bigint[])`,
      [ids],
    )) as unknown[];
    expect(states).toEqual([{ status: 'identified', people_seen: 3 }]);
  });

  it("writes a tick's snapshots, heard in one message, in one statement", async () => {
    const batches = new IdentifiedSnapshotBatches(runs);
    const ids = await pendingRuns(100, 3001);
    statements = 0;
    const recorded = await Promise.all(batches.recordAll(ids.map((id) => identified(id, [1, 2]))));
    expect(recorded).toEqual(ids.map(() => 2));
    expect(statements).toBe(1);
    expect(await presenceOf(ids)).toBe(200);
  });

  it('records a snapshot heard twice once, in one batch or after it', async () => {
    const batches = new IdentifiedSnapshotBatches(runs);
    const [first, second] = await pendingRuns(2, 1001);
    const recorded = await Promise.all([
      batches.record(identified(first!, [1])),
      batches.record(identified(second!, [1, 2])),
      batches.record(identified(second!, [1, 2, 4])),
    ]);
    expect(recorded).toEqual([1, 2, 0]);
    expect(await batches.record(identified(second!, [1, 2]))).toBe(0);
    expect(await presenceOf([first!, second!])).toBe(3);
  });

  it('fails only the snapshot the database refuses, and records the others of its batch', async () => {
    const batches = new IdentifiedSnapshotBatches(runs);
    const [lead, good, refused, after] = await pendingRuns(4, 2001);
    const outcomes = await Promise.allSettled([
      batches.record(identified(lead!, [1])),
      batches.record(identified(good!, [1, 2])),
      // Past PostgreSQL's integer: the whole statement is refused.
      batches.record(identified(refused!, [3_000_000_000])),
      batches.record(identified(after!, [5])),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await presenceOf([lead!, good!, refused!, after!])).toBe(4);
    const [state] = (await db.query(`SELECT status FROM snapshot_runs WHERE id = $1`, [
      refused,
    ])) as { status: string }[];
    expect(state).toEqual({ status: 'pending' });
  });

  it('fails a refused snapshot on the last attempt, not pending for ever, in no SQL words', async () => {
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), {
      remove: async () => undefined,
    });
    const [good, refused] = await pendingRuns(2, 4001);
    const data: IntegrationInboxMessage = {
      kind: 'snapshots.answered',
      organizationId: 7,
      results: [
        { kind: 'snapshot.identified', ...identified(good!, [1]) },
        { kind: 'snapshot.identified', ...identified(refused!, [3_000_000_000]) },
      ],
    };
    const attempt = (attemptsMade: number) =>
      ({ data, attemptsMade, opts: { attempts: 3 } }) as Job<IntegrationInboxMessage>;
    const stateOf = async () =>
      (await db.query(`SELECT status, failure_stage, reason FROM snapshot_runs WHERE id = $1`, [
        refused,
      ])) as { status: string; failure_stage: string | null; reason: string | null }[];
    // An attempt with others to come leaves it to them.
    await expect(inbox(attempt(0))).rejects.toThrow(/out of range/);
    expect(await stateOf()).toEqual([{ status: 'pending', failure_stage: null, reason: null }]);
    await expect(inbox(attempt(2))).rejects.toThrow(/out of range/);
    expect(await stateOf()).toEqual([
      {
        status: 'failed',
        failure_stage: 'identification',
        // The database's words go to the log: the run is read on the Integrations page.
        reason: FAILURE_REASONS.unexpected_error,
      },
    ]);
    expect(await presenceOf([good!, refused!])).toBe(1);
  });

  it('counts a person the worker names twice in one snapshot once, as the events recorded', async () => {
    const [run] = await pendingRuns(1, 5001);
    expect(await runs.recordIdentified([identified(run!, [1, 1, 2])])).toEqual([2]);
    const [state] = (await db.query(`SELECT people_seen FROM snapshot_runs WHERE id = $1`, [
      run,
    ])) as { people_seen: number }[];
    expect(state).toEqual({ people_seen: 2 });
  });

  it("records an organization's answers only on its own runs, ignoring another's", async () => {
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), {
      remove: async () => undefined,
    });
    const [theirs, failedTheirs] = await pendingRuns(2, 6001);
    // A run of organization 8 is on a camera of organization 8 (a run's is always its camera's).
    const [ours] = (await db.query(
      `WITH camera AS (
         INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
         VALUES (1, 'cam-8', 'Camera 8', 8, 1) RETURNING id
       ) INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
         SELECT 'batch-6003', 8, id, 'cam-8' FROM camera RETURNING id::int`,
    )) as { id: number }[];
    const data: IntegrationInboxMessage = {
      kind: 'snapshots.answered',
      organizationId: 8,
      results: [
        { kind: 'snapshot.identified', ...identified(theirs!, [1]) },
        { kind: 'snapshot.failed', runId: failedTheirs!, reason: 'unreadable' },
        { kind: 'snapshot.identified', ...identified(ours!.id, [9]) },
      ],
    };
    expect(await inbox({ data } as Job<IntegrationInboxMessage>)).toBe(1);
    const states = (await db.query(
      `SELECT id::int, organization_id, status, reason FROM snapshot_runs WHERE id = ANY($1) ORDER BY id`,
      [[theirs, failedTheirs, ours!.id]],
    )) as unknown[];
    expect(states).toEqual([
      { id: theirs, organization_id: 7, status: 'pending', reason: null },
      { id: failedTheirs, organization_id: 7, status: 'pending', reason: null },
      { id: ours!.id, organization_id: 8, status: 'identified', reason: null },
    ]);
    expect(await presenceOf([theirs!, failedTheirs!])).toBe(0);
  });
});
