import 'reflect-metadata';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import type { SnapshotSchedules } from '../snapshots/snapshot-schedules.js';
import { FloorRepository } from './floor.repository.js';
import { FloorService, MAX_AREAS, MAX_STATIONS } from './floor.service.js';

let resources: TestResources;
let db: DataSource;
let floor: FloorService;

const admin = (organizationId: number): Actor => ({
  userId: organizationId * 100,
  organizationId,
  role: 'admin',
});
const A = admin(1);
const B = admin(2);

const schedules = { follow: async () => {} } as unknown as SnapshotSchedules;

/** A camera of the camera system assigned to `organizationId`; its assignment id. */
async function camera(organizationId: number, cameraId: string): Promise<number> {
  const [row] = (await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     VALUES (1, $1, $1, $2, 1) RETURNING id`,
    [cameraId, organizationId],
  )) as [{ id: number }];
  return row.id;
}

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  floor = new FloorService(new FloorRepository(db), schedules, {
    presenceMinutes: 15,
    readingMaxAgeMinutes: 60,
    defaultRetentionDays: 30,
  });
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe("an administrator and another organization's floor", () => {
  it('changes none of its areas, stations or cameras by their ids, and ties no camera to them', async () => {
    const area = await floor.createArea(B, { name: 'Packaging', status: 'Operational' });
    const station = await floor.createStation(B, area.id, { name: 'P1', status: 'Operational' });
    const theirs = await camera(2, 'cam-b');
    const mine = await camera(1, 'cam-a');
    const rename = { name: 'Taken', status: 'Offline' } as const;

    await expect(floor.updateArea(A, area.id, rename)).rejects.toThrow('Area not found');
    await expect(floor.deleteArea(A, area.id)).rejects.toThrow('Area not found');
    await expect(floor.createStation(A, area.id, rename)).rejects.toThrow('Area not found');
    await expect(floor.updateStation(A, station.id, rename)).rejects.toThrow('Station not found');
    await expect(floor.deleteStation(A, station.id)).rejects.toThrow('Station not found');
    await expect(floor.updateCamera(A, theirs, { areaId: null })).rejects.toThrow(
      'Camera not found',
    );
    await expect(floor.updateCamera(A, mine, { areaId: area.id })).rejects.toThrow(
      'Area not found',
    );

    expect((await floor.layout(B)).areas).toEqual([
      { id: area.id, name: 'Packaging', status: 'Operational', stations: [station] },
    ]);
    expect((await floor.layout(A)).cameras.map((one) => one.areaId)).toEqual([null]);
  });

  it('a camera covering an area deleted covers none, and keeps its schedule', async () => {
    const area = await floor.createArea(A, { name: 'Dock', status: 'Operational' });
    const assignment = await camera(1, 'cam-dock');
    await floor.updateCamera(A, assignment, { areaId: area.id, snapshotEnabled: true });
    await floor.deleteArea(A, area.id);
    expect((await floor.layout(A)).cameras.find((one) => one.assignmentId === assignment)).toEqual(
      expect.objectContaining({ areaId: null, snapshotEnabled: true }),
    );
  });
});

describe("an organization's areas and stations", () => {
  it('are bounded: the floor page and its figures read them all every few seconds', async () => {
    const C = admin(3);
    await db.query(
      `INSERT INTO areas (organization_id, name) SELECT 3, 'Area ' || n FROM generate_series(1, $1) n`,
      [MAX_AREAS - 1],
    );
    const last = await floor.createArea(C, { name: 'Last', status: 'Operational' });
    await expect(floor.createArea(C, { name: 'One more', status: 'Operational' })).rejects.toThrow(
      `at most ${MAX_AREAS} areas`,
    );

    await db.query(
      `INSERT INTO stations (organization_id, area_id, name)
       SELECT 3, $1, 'Station ' || n FROM generate_series(1, $2) n`,
      [last.id, MAX_STATIONS - 1],
    );
    await floor.createStation(C, last.id, { name: 'Last', status: 'Operational' });
    await expect(
      floor.createStation(C, last.id, { name: 'One more', status: 'Operational' }),
    ).rejects.toThrow(`at most ${MAX_STATIONS} stations`);
    // Another organization's are its own.
    await expect(
      floor.createArea(A, { name: 'Still room', status: 'Operational' }),
    ).resolves.toEqual(expect.objectContaining({ name: 'Still room' }));
  });
});

describe('the bounds, asked twice at once', () => {
  /** Advisory locks of this database that a session waits for. */
  const waiting = async () =>
    (
      (await db.query(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )) as { n: number }[]
    )[0]!.n;

  /**
   * Two creations on one organization with room for one, both held in their insert (a trigger
   * waits on a lock the test holds) until both are under way: each counted before the other's
   * row committed unless the count and the insert are one organization's at a time.
   */
  async function bothAtOnce(table: 'areas' | 'stations', create: () => Promise<unknown>) {
    await db.query(
      `CREATE OR REPLACE FUNCTION hold_floor_insert() RETURNS trigger AS $$
       BEGIN PERFORM pg_advisory_xact_lock_shared(4242); RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await db.query(
      `CREATE TRIGGER hold_${table} BEFORE INSERT ON ${table} FOR EACH ROW
       WHEN (NEW.organization_id = 4) EXECUTE FUNCTION hold_floor_insert()`,
    );
    const holder = db.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(4242)`);
      const answers = [create(), create()].map((one) =>
        one.then(
          () => 'created',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      );
      while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.query(`SELECT pg_advisory_unlock(4242)`);
      return await Promise.all(answers);
    } finally {
      await holder.release();
      await db.query(`DROP TRIGGER hold_${table} ON ${table}`);
    }
  }

  it('let only one of them take the last room', async () => {
    const D = admin(4);
    await db.query(
      `INSERT INTO areas (organization_id, name) SELECT 4, 'Area ' || n FROM generate_series(1, $1) n`,
      [MAX_AREAS - 1],
    );
    const areas = await bothAtOnce('areas', () =>
      floor.createArea(D, { name: `Late ${Math.random()}`, status: 'Operational' }),
    );
    expect(areas.sort()).toEqual(
      ['created', `An organization can have at most ${MAX_AREAS} areas. Delete one first.`].sort(),
    );

    const [area] = (await db.query(`SELECT id FROM areas WHERE organization_id = 4 LIMIT 1`)) as {
      id: number;
    }[];
    await db.query(
      `INSERT INTO stations (organization_id, area_id, name)
       SELECT 4, $1, 'Station ' || n FROM generate_series(1, $2) n`,
      [area!.id, MAX_STATIONS - 1],
    );
    const stations = await bothAtOnce('stations', () =>
      floor.createStation(D, area!.id, { name: `Late ${Math.random()}`, status: 'Operational' }),
    );
    expect(stations.sort()).toEqual(
      [
        'created',
        `An organization can have at most ${MAX_STATIONS} stations. Delete one first.`,
      ].sort(),
    );
    const [counts] = (await db.query(
      `SELECT (SELECT count(*) FROM areas WHERE organization_id = 4)::int AS areas,
              (SELECT count(*) FROM stations WHERE organization_id = 4)::int AS stations`,
    )) as { areas: number; stations: number }[];
    expect(counts).toEqual({ areas: MAX_AREAS, stations: MAX_STATIONS });
  });
});
