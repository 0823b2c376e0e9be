import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { SensorReadingsRecordedAt1768000045000 } from '../migrations/1768000045000-sensor-readings-recorded-at.js';
import { PresenceRetention, staleSnapshotReason } from './presence-retention.js';

let resources: TestResources;
let db: DataSource;
const ORG = 7;

/** A finished run of the organization's camera, `days` ago, its picture kept under `key`. */
async function run(days: number, key: string | null) {
  await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at,
       status, snapshot_key, finished_at)
     VALUES (gen_random_uuid()::text, $1, 1, 'cam-1', now() - make_interval(days => $2),
       'identified', $3, now() - make_interval(days => $2))`,
    [ORG, days, key],
  );
}

const keysLeft = async () =>
  (
    (await db.query(`SELECT snapshot_key FROM snapshot_runs ORDER BY taken_at`)) as {
      snapshot_key: string | null;
    }[]
  ).map((row) => row.snapshot_key);

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     VALUES (1, 'cam-1', 'Camera 1', $1, 1)`,
    [ORG],
  );
  await db.query(`INSERT INTO floor_privacy (organization_id, keep_snapshots) VALUES ($1, true)`, [
    ORG,
  ]);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('presence retention of kept snapshots', () => {
  it('removes a kept picture with its run, not before, and keeps the run while the store refuses', async () => {
    await run(31, 'org/7/snapshots/camera-1/old.jpg');
    await run(31, null);
    await run(2, 'org/7/snapshots/camera-1/new.jpg');
    const refusing = {
      remove: async () => {
        throw new Error('store away');
      },
    };
    await new PresenceRetention(db, 30, refusing).sweep();
    // Its run still names the picture, so the next sweep removes it.
    expect(await keysLeft()).toContain('org/7/snapshots/camera-1/old.jpg');

    const removed: string[] = [];
    const store = { remove: async (key: string) => void removed.push(key) };
    await new PresenceRetention(db, 30, store).sweep();
    expect(removed).toEqual(['org/7/snapshots/camera-1/old.jpg']);
    expect(await keysLeft()).toEqual(['org/7/snapshots/camera-1/new.jpg']);
  });
});

describe('snapshot runs left pending', () => {
  /** A run still pending, taken `hours` ago by a camera of `organizationId`; answers its id. */
  async function pending(organizationId: number, hours: number, key: string | null) {
    const [row] = (await db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at,
         snapshot_key)
       VALUES (gen_random_uuid()::text, $1, 1, 'cam-1', now() - make_interval(hours => $2), $3)
       RETURNING id::int`,
      [organizationId, hours, key],
    )) as [{ id: number }];
    return row.id;
  }

  const runOf = async (id: number) =>
    (
      (await db.query(
        `SELECT status, failure_stage, reason, snapshot_key FROM snapshot_runs WHERE id = $1`,
        [id],
      )) as { status: string; failure_stage: string | null; reason: string | null }[]
    )[0];

  it('fails those pending past the bound with the reason, their pictures gone unless kept', async () => {
    const NOT_KEPT = 8;
    const lost = await pending(NOT_KEPT, 7, 'org/8/snapshots/camera-1/lost.jpg');
    const kept = await pending(ORG, 7, 'org/7/snapshots/camera-1/kept.jpg');
    const recent = await pending(NOT_KEPT, 1, 'org/8/snapshots/camera-1/recent.jpg');

    const refusing = {
      remove: async () => {
        throw new Error('store away');
      },
    };
    // A store that refuses keeps them pending: their runs are the only record of the keys.
    await expect(new PresenceRetention(db, 30, refusing, 6).failStaleRuns()).rejects.toThrow();
    expect(await runOf(lost)).toMatchObject({ status: 'pending' });

    const removed: string[] = [];
    const store = { remove: async (key: string) => void removed.push(key) };
    // The hourly sweep does it.
    await new PresenceRetention(db, 30, store, 6).sweep();
    const failed = {
      status: 'failed',
      failure_stage: 'identification',
      reason: staleSnapshotReason(6),
    };
    expect(await runOf(lost)).toEqual({ ...failed, snapshot_key: null });
    // A kept picture stays on its failed run, and goes with it at its retention.
    expect(await runOf(kept)).toEqual({
      ...failed,
      snapshot_key: 'org/7/snapshots/camera-1/kept.jpg',
    });
    expect(await runOf(recent)).toMatchObject({ status: 'pending' });
    expect(removed).toEqual(['org/8/snapshots/camera-1/lost.jpg']);
  });
});

describe('deleted members', () => {
  /** A tombstone of `userId` in `organizationId`, deleted `hours` ago. */
  const tombstone = (organizationId: number, userId: number, hours: number) =>
    db.query(
      `INSERT INTO deleted_members (organization_id, user_id, deleted_at)
       VALUES ($1, $2, now() - make_interval(hours => $3))`,
      [organizationId, userId, hours],
    );

  const tombstones = async () =>
    (
      (await db.query(
        `SELECT organization_id, user_id FROM deleted_members ORDER BY organization_id, user_id`,
      )) as { organization_id: number; user_id: number }[]
    ).map((row) => `${row.organization_id}/${row.user_id}`);

  it('are forgotten past the stale bound, unless a run taken before is still pending', async () => {
    const GONE = 20;
    const WAITING = 21;
    await tombstone(GONE, 1, 7);
    await tombstone(GONE, 2, 1);
    await tombstone(WAITING, 1, 7);
    await db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at,
         snapshot_key)
       VALUES (gen_random_uuid()::text, $1, 1, 'cam-1', now() - make_interval(hours => 8), 'k')`,
      [WAITING],
    );
    const refusing = {
      remove: async () => {
        throw new Error('store away');
      },
    };
    // The store refusing keeps the stale run pending: a late answer could still name the member.
    await new PresenceRetention(db, 30, refusing, 6).sweep();
    expect(await tombstones()).toEqual(['20/2', '21/1']);

    await new PresenceRetention(db, 30, { remove: async () => {} }, 6).sweep();
    expect(await tombstones()).toEqual(['20/2']);
  });
});

describe('sensor readings', () => {
  /** A reading of `organizationId`'s sensor, dated `days` ago. */
  const reading = (organizationId: number, days: number) =>
    db.query(
      `INSERT INTO sensor_readings (organization_id, temperature_f, recorded_at)
       VALUES ($1, $2, now() - make_interval(days => $3))`,
      [organizationId, days, days],
    );

  it('go past their organization’s retention: a sensor posting every few seconds fills no disk', async () => {
    const SHORT = 30;
    await db.query(
      `INSERT INTO floor_privacy (organization_id, keep_snapshots, presence_retention_days)
       VALUES ($1, false, 5)`,
      [SHORT],
    );
    for (const days of [40, 10, 1]) await reading(ORG, days);
    for (const days of [10, 1]) await reading(SHORT, days);

    await new PresenceRetention(db, 30, { remove: async () => {} }).sweep();

    const left = (await db.query(
      `SELECT organization_id, temperature_f::int AS days FROM sensor_readings
        ORDER BY organization_id, recorded_at`,
    )) as { organization_id: number; days: number }[];
    expect(left.map((row) => `${row.organization_id}/${row.days}`)).toEqual([
      '7/10',
      '7/1',
      '30/1',
    ]);
  });
});

describe("sensor readings' date index", () => {
  const valid = async () =>
    (
      (await db.query(
        `SELECT indisvalid AS valid FROM pg_index
          WHERE indexrelid = to_regclass('sensor_readings_recorded_at')`,
      )) as { valid: boolean }[]
    ).map((row) => row.valid);

  /** The migration's up() as the runner calls it: its own session, no transaction around it. */
  async function migrateUp() {
    const session = db.createQueryRunner();
    try {
      await new SensorReadingsRecordedAt1768000045000().up(session);
    } finally {
      await session.release();
    }
  }

  it('is built without blocking the inserts of sensors, again when a build failed midway', async () => {
    // CREATE INDEX CONCURRENTLY refuses to run in a transaction.
    expect(new SensorReadingsRecordedAt1768000045000().transaction).toBe(false);
    expect(await valid()).toEqual([true]);
    await migrateUp();
    expect(await valid()).toEqual([true]);

    // What a concurrent build that failed leaves behind: an invalid index of that name.
    await db.query(
      `UPDATE pg_index SET indisvalid = false
        WHERE indexrelid = to_regclass('sensor_readings_recorded_at')`,
    );
    await migrateUp();
    expect(await valid()).toEqual([true]);
  });
});
