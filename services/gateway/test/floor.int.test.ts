import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { type Actor, api, type FloorStats, integrationRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { RPC } from '../../integration/src/config.js';
import { PresenceRetention } from '../../integration/src/floor/presence-retention.js';
import { SensorsRepository } from '../../integration/src/floor/sensors.repository.js';
import { type CallOptions, expectError, parseAnswer } from './api-client.js';
import { auditedEventually } from './integration-races.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

let simulator: RunningSimulator;
let stack: TestStack;
let acmeId: number;
let globexId: number;
const sessions: Record<string, ApiSession> = {};
const PASSWORD = 'Floor-Test-Pass-1!';

async function person(
  key: string,
  role: 'admin' | 'training_supervisor' | 'manager' | 'operator',
  org: number,
) {
  const email = `${key}@floor.test`;
  const id = await stack.createUser({ email, password: PASSWORD, role, organizationId: org });
  sessions[key] = await signedIn(stack, email, PASSWORD);
  return id;
}

/** Presence as the snapshot identification records it: who, which camera, where, when. */
async function seen(personId: number, areaId: number | null, minutesAgo: number, org = acmeId) {
  await stack.sql.query(
    `INSERT INTO integration.presence_events (organization_id, person_id, camera_id, area_id, seen_at, confidence)
     VALUES ($1, $2, 'cam-102', $3, now() - make_interval(mins => $4), 0.9)`,
    [org, personId, areaId, minutesAgo],
  );
}

/** A sensor's reading: no session, only the organization's sensor token when given. */
async function postReading(body: CallOptions<typeof api.sensorReading>['body'], token?: string) {
  const answer = await new ApiSession(stack.url).send(api.sensorReading, {
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.status, body: answer.body };
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  simulator = await startCameraSimulator();
  stack = await startTestStack();
  acmeId = await stack.createOrganization('Acme Floor', 'acme-floor.test');
  globexId = await stack.createOrganization('Globex Floor', 'globex-floor.test');
  ids.ann = await person('ann', 'admin', acmeId);
  ids.sam = await person('sam', 'training_supervisor', acmeId);
  ids.max = await person('max', 'manager', acmeId);
  ids.olga = await person('olga', 'operator', acmeId);
  ids.otto = await person('otto', 'operator', acmeId);
  ids.gina = await person('gina', 'admin', globexId);
  sessions.root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
});

afterAll(async () => {
  await stack?.stop();
  await simulator?.close();
});

describe('the floor: areas, stations, cameras, sensors and the floor figures', () => {
  const areas: Record<string, number> = {};

  it('lets the organization admin lay out areas and stations, unique by name', async () => {
    const ann = sessions.ann!;
    for (const name of ['AssemblyLine', 'Packaging']) {
      const answer = await ann.send(api.createArea, { body: { name } });
      expect(answer.status).toBe(201);
      const created = parseAnswer(api.createArea, answer);
      expect(created).toMatchObject({ name, status: 'Operational', stations: [] });
      areas[name] = created.id;
    }
    await expectError(ann.call(api.createArea, { body: { name: 'Packaging' } }), 409);
    for (const name of ['A1', 'A2', 'A3']) {
      const station = { params: { id: areas.AssemblyLine! }, body: { name } };
      expect((await ann.send(api.createStation, station)).status).toBe(201);
    }
    const offline = await ann.call(api.createStation, {
      params: { id: areas.Packaging! },
      body: { name: 'P1', status: 'Offline' },
    });
    expect(offline).toMatchObject({ name: 'P1', status: 'Offline' });
    const { areas: areaList } = await sessions.sam!.call(api.floorLayout);
    expect(areaList.map((area) => area.name)).toEqual(['AssemblyLine', 'Packaging']);
    expect(areaList[0]!.stations.map((station) => station.name)).toEqual(['A1', 'A2', 'A3']);
  });

  it('keeps each organization to its own floor and the roles to theirs', async () => {
    const gina = sessions.gina!;
    const assemblyLine = { params: { id: areas.AssemblyLine! } };
    await expectError(gina.call(api.updateArea, { ...assemblyLine, body: { name: 'Mine' } }), 404);
    await expectError(gina.call(api.deleteArea, assemblyLine), 404);
    expect((await gina.call(api.floorLayout)).areas.length).toBe(0);
    await expectError(sessions.sam!.call(api.createArea, { body: { name: 'X' } }), 403);
    await expectError(sessions.max!.call(api.floorStats), 403);
    await expectError(sessions.olga!.call(api.floorLayout), 403);
    await expectError(new ApiSession(stack.url).call(api.floorStats), 401);
  });

  it('lets the admin say which area an assigned camera covers', async () => {
    const root = sessions.root!;
    const integration = await root.call(api.createIntegration, {
      body: { integrationType: 'camera_cloud', baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.demo },
    });
    const assignment = await root.call(api.createCameraAssignment, {
      body: {
        cameraId: 'cam-102',
        cameraName: 'Assembly Line A',
        organizationId: acmeId,
        integrationId: integration.id,
      },
    });
    const id = assignment.id;
    const camera = { params: { id } };
    await expectError(
      sessions.gina!.call(api.updateFloorCamera, { ...camera, body: { areaId: null } }),
      404,
    );
    const covered = await sessions.ann!.call(api.updateFloorCamera, {
      ...camera,
      body: { areaId: areas.AssemblyLine!, snapshotEnabled: true },
    });
    expect(covered).toEqual({
      assignmentId: id,
      cameraName: 'Assembly Line A',
      areaId: areas.AssemblyLine,
      snapshotEnabled: true,
      snapshotIntervalSeconds: 60,
    });
    const layout = await sessions.ann!.call(api.floorLayout);
    expect(layout.cameras).toEqual([covered]);
  });

  it('takes sensor readings only with the organization token', async () => {
    const reading = {
      temperature: 71.26,
      humidity: 44,
      airQuality: 'moderate',
      noiseLevel: 62,
    } as const;
    expect((await postReading(reading)).status).toBe(401);
    expect((await postReading(reading, 'fhs_wrong')).status).toBe(401);
    const { token } = await sessions.ann!.call(api.createSensorToken);
    expect(token.startsWith('fhs_')).toBe(true);
    expect((await postReading({ ...reading, area: 'AssemblyLine' }, token)).body).toEqual({
      accepted: true,
    });
    expect((await postReading({ ...reading, area: 'Nowhere' }, token)).status).toBe(400);
    const { rows } = await stack.sql.query(`SELECT token_hash FROM integration.sensor_tokens`);
    expect(JSON.stringify(rows)).not.toContain(token);
    // A new token replaces the old one.
    const { token: next } = await sessions.ann!.call(api.createSensorToken);
    expect((await postReading(reading, token)).status).toBe(401);
    expect((await postReading({ humidity: 48 }, next)).status).toBe(201);
  });

  it('computes the floor figures from stations, recent presence and readings', async () => {
    await seen(ids.olga!, areas.AssemblyLine!, 2);
    await seen(ids.olga!, areas.AssemblyLine!, 1);
    await seen(ids.otto!, areas.AssemblyLine!, 5);
    await seen(ids.sam!, areas.Packaging!, 40); // outside the 15-minute window
    await seen(ids.gina!, null, 1, 9999); // another organization
    const stats = await sessions.sam!.call(api.floorStats);
    expect(stats).toMatchObject({
      activeStations: 3,
      totalStations: 4,
      workersPresent: 2,
      utilizationRate: 67,
      alertsCount: 1,
      alerts: [
        {
          kind: 'station_offline',
          message: 'Station P1 in Packaging is offline',
          params: { station: 'P1', area: 'Packaging' },
        },
      ],
      areaBreakdown: {
        AssemblyLine: { workers: 2, status: 'Operational' },
        Packaging: { workers: 0, status: 'Operational' },
      },
      environmentalStatus: {
        temperature: 71.3,
        humidity: 48,
        airQuality: 'moderate',
        noiseLevel: 62,
      },
      presenceWindowMinutes: 15,
    });
  });

  it('counts an area in maintenance out of the active stations, and an offline one as an alert', async () => {
    await sessions.ann!.call(api.updateArea, {
      params: { id: areas.AssemblyLine! },
      body: { name: 'AssemblyLine', status: 'Maintenance' },
    });
    await sessions.ann!.call(api.updateArea, {
      params: { id: areas.Packaging! },
      body: { name: 'Packaging', status: 'Offline' },
    });
    const stats = await sessions.ann!.call(api.floorStats);
    expect(stats).toMatchObject({
      activeStations: 0,
      totalStations: 4,
      utilizationRate: 0,
      alertsCount: 2,
      areaBreakdown: { AssemblyLine: { status: 'Maintenance' }, Packaging: { status: 'Offline' } },
    });
  });

  it("says 'Unknown' when no reading is recent", async () => {
    await stack.sql.query(
      `UPDATE integration.sensor_readings SET recorded_at = now() - interval '2 hours'`,
    );
    const stats = await sessions.ann!.call(api.floorStats);
    expect(stats.environmentalStatus).toEqual({
      temperature: null,
      humidity: null,
      airQuality: 'Unknown',
      noiseLevel: 'Unknown',
    });
  });

  it('deletes presence events past the retention, and no others', async () => {
    await seen(ids.otto!, areas.AssemblyLine!, 31 * 24 * 60);
    const retention = new PresenceRetention(stack.integration.dataSource, 30, stack.storage);
    expect(await retention.sweep()).toBe(1);
    const { rows } = await stack.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM integration.presence_events`,
    );
    expect(rows[0]!.count).toBe(5);
  });

  it("keeps presence for the organization's own retention, set by its admin", async () => {
    const layout = await sessions.ann!.call(api.floorLayout);
    expect(layout).toMatchObject({ keepSnapshots: false, presenceRetentionDays: 30 });
    const privacy = (session: ApiSession, keepSnapshots: boolean, presenceRetentionDays?: number) =>
      session.call(api.updateFloorPrivacy, { body: { keepSnapshots, presenceRetentionDays } });
    for (const days of [0, 366, 2.5]) await expectError(privacy(sessions.ann!, false, days), 400);
    await expectError(privacy(sessions.sam!, false, 7), 403);
    const saved = await privacy(sessions.ann!, true, 7);
    expect(saved).toEqual({
      keepSnapshots: true,
      presenceRetentionDays: 7,
      learnFromConfirmed: false,
    });
    // Left out, the retention stays.
    expect(await privacy(sessions.ann!, false)).toEqual({
      keepSnapshots: false,
      presenceRetentionDays: 7,
      learnFromConfirmed: false,
    });
    expect(await sessions.gina!.call(api.floorLayout)).toMatchObject({
      presenceRetentionDays: 30,
    });

    await stack.sql.query(`DELETE FROM integration.presence_events`);
    await seen(ids.olga!, null, 8 * 24 * 60);
    await seen(ids.olga!, null, 6 * 24 * 60);
    await seen(ids.gina!, null, 8 * 24 * 60, globexId);
    await seen(ids.gina!, null, 31 * 24 * 60, globexId);
    expect(
      await new PresenceRetention(stack.integration.dataSource, 30, stack.storage).sweep(),
    ).toBe(2);
    const { rows } = await stack.sql.query<{ organization_id: number; days: number }>(
      `SELECT organization_id, round(extract(epoch FROM now() - seen_at) / 86400)::int AS days
         FROM integration.presence_events ORDER BY organization_id, days`,
    );
    expect(rows).toEqual([
      { organization_id: acmeId, days: 6 },
      { organization_id: globexId, days: 8 },
    ]);
  });

  it("audits the floor's changes and a sensor token made, in the organization's log", async () => {
    const ann = sessions.ann!;
    const [camera] = (await ann.call(api.floorLayout)).cameras;
    const area = await ann.call(api.updateArea, {
      params: { id: areas.Packaging! },
      body: { name: 'Packaging', status: 'Maintenance' },
    });
    const station = area.stations[0]!;
    await ann.call(api.updateStation, {
      params: { id: station.id },
      body: { name: station.name, status: 'Operational' },
    });
    await ann.call(api.updateFloorCamera, {
      params: { id: camera!.assignmentId },
      body: { areaId: areas.Packaging! },
    });
    const { token } = await ann.call(api.createSensorToken);
    const made = [
      ['floor.area.update', `id=${areas.Packaging}`],
      ['floor.station.update', `id=${station.id}`],
      ['floor.camera.update', `id=${camera!.assignmentId}`],
      ['floor.sensor-token.create', null],
    ] as const;
    for (const [action, target] of made) {
      const entry = await auditedEventually(
        ann,
        (found) => found.action === action && found.target === target,
      );
      expect(entry, action).toMatchObject({
        outcome: 'success',
        actorId: ids.ann,
        organizationId: acmeId,
      });
      expect(JSON.stringify(entry)).not.toContain(token);
    }
  });
});

describe('suspended people on the floor', () => {
  let scimSecret: string;
  beforeAll(async () => {
    const token = await sessions.ann!.send(api.createScimToken, { body: { name: 'Okta' } });
    scimSecret = parseAnswer(api.createScimToken, token).secret;
  });
  /**
   * Suspends (or restores) a member through SCIM, as their identity provider does; the floor
   * learns of it from identity's event, once the stats count `present` people.
   */
  const setSuspended = async (userId: number, suspended: boolean, present: number) => {
    const response = await fetch(`${stack.url}/scim/v2/Users/${userId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${scimSecret}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { active: !suspended } }],
      }),
    });
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await sessions.ann!.call(api.floorStats)).workersPresent)
      .toBe(present);
  };
  const uncertifiedNames = (stats: FloorStats) =>
    stats.alerts.flatMap((alert) =>
      alert.kind === 'uncertified_presence' ? [alert.params.name] : [],
    );

  it('counts no one suspended as present, nor names them in an alert, seen before or not', async () => {
    const ann = sessions.ann!;
    const [camera] = (await ann.call(api.floorLayout)).cameras;
    const [sop] = (await stack.library.dataSource.query(
      `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix,
         source_key, uploaded_by, processed, sop_processed, processing_stage, text_key)
       VALUES ($1, 'Floor Safety', 'floor.pdf', 100, 'x/', 'x/floor.pdf', 1, true, true, 'done',
         'x/floor.txt') RETURNING id`,
      [acmeId],
    )) as { id: number }[];
    await stack.sql.query(
      `UPDATE integration.camera_assignments SET sop_ids = ARRAY[$2::int] WHERE id = $1`,
      [camera!.assignmentId, sop!.id],
    );
    // Olga and Otto seen a minute ago through one snapshot of the camera, in its area.
    await stack.sql.query(`DELETE FROM integration.presence_events WHERE organization_id = $1`, [
      acmeId,
    ]);
    await stack.sql.query(
      `WITH run AS (
         INSERT INTO integration.snapshot_runs (job_key, organization_id, assignment_id,
           camera_id, area_id, status, people_seen, finished_at)
         SELECT 'suspended-test', organization_id, id, camera_id, area_id, 'identified', 2, now()
           FROM integration.camera_assignments WHERE id = $1
         RETURNING id, organization_id, camera_id, area_id)
       INSERT INTO integration.presence_events (organization_id, person_id, camera_id, area_id,
         seen_at, confidence, snapshot_run_id)
       SELECT organization_id, person, camera_id, area_id, now() - interval '1 minute', 0.9, id
         FROM run, unnest($2::int[]) person`,
      [camera!.assignmentId, [ids.olga, ids.otto]],
    );
    const area = (await ann.call(api.floorLayout)).areas.find((one) => one.id === camera!.areaId);
    const before = await ann.call(api.floorStats);
    expect(before.workersPresent).toBe(2);
    expect(before.areaBreakdown[area!.name]).toMatchObject({ workers: 2 });
    expect(uncertifiedNames(before).sort()).toEqual(['olga', 'otto']);

    await setSuspended(ids.olga!, true, 1);
    try {
      const after = await ann.call(api.floorStats);
      expect(after.workersPresent).toBe(1);
      expect(after.areaBreakdown[area!.name]).toMatchObject({ workers: 1 });
      expect(uncertifiedNames(after)).toEqual(['otto']);
    } finally {
      await setSuspended(ids.olga!, false, 2);
    }
    // Their presence is kept: restored, they are present again.
    expect((await ann.call(api.floorStats)).workersPresent).toBe(2);
  });
});

describe('the floor of a deleted organization', () => {
  const integrationSql = <T>(sql: string, params: unknown[] = []) =>
    stack.integration.dataSource.query(sql, params) as Promise<T[]>;
  /** The integration service's own rows of the organization, table by table. */
  const floorRows = async (organizationId: number) => {
    const tables = ['areas', 'stations', 'floor_privacy', 'sensor_tokens', 'sensor_readings'];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const [row] = await integrationSql<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${table} WHERE organization_id = $1`,
        [organizationId],
      );
      counts[table] = row!.count;
    }
    return counts;
  };
  const none = { areas: 0, stations: 0, floor_privacy: 0, sensor_tokens: 0, sensor_readings: 0 };

  it('writes none of its floor once its deletion was handled, whatever was asked before', async () => {
    const doomed = await stack.createOrganization('Doomed Floor', 'doomed-floor.test');
    const dora = await person('dora', 'admin', doomed);
    const actor: Actor = { userId: dora, organizationId: doomed, role: 'admin' };
    const area = await sessions.dora!.call(api.createArea, { body: { name: 'Line' } });
    const station = await sessions.dora!.call(api.createStation, {
      params: { id: area.id },
      body: { name: 'L1' },
    });
    const { token } = await sessions.dora!.call(api.createSensorToken);
    const deletionHandled = async () => {
      await sessions.root!.call(api.deleteOrganization, { params: { id: doomed } });
      await expect.poll(() => floorRows(doomed), { timeout: 10_000 }).toEqual(none);
    };

    // A reading whose token was found before the organization was deleted, written after.
    const sensors = stack.integration.app.get(SensorsRepository);
    const organizationOfToken = sensors.organizationOfToken.bind(sensors);
    sensors.organizationOfToken = async (tokenHash) => {
      const organizationId = await organizationOfToken(tokenHash);
      sensors.organizationOfToken = organizationOfToken;
      await deletionHandled();
      return organizationId;
    };
    try {
      expect((await postReading({ temperature: 70 }, token)).status).toBe(401);
    } finally {
      sensors.organizationOfToken = organizationOfToken;
    }

    // Requests its admin made before the deletion, arriving after its handler ran.
    const rpc = stack.integration.app.get<RpcClient>(RPC);
    const saveArea = { name: 'Line', status: 'Operational' } as const;
    const writes = [
      rpc.call(integrationRpc.createArea, { actor, area: saveArea }),
      rpc.call(integrationRpc.updateArea, { actor, areaId: area.id, area: saveArea }),
      rpc.call(integrationRpc.createStation, { actor, areaId: area.id, station: saveArea }),
      rpc.call(integrationRpc.updateStation, { actor, stationId: station.id, station: saveArea }),
      rpc.call(integrationRpc.updateFloorPrivacy, {
        actor,
        privacy: { keepSnapshots: true, presenceRetentionDays: 7 },
      }),
      rpc.call(integrationRpc.createSensorToken, { actor }),
    ];
    for (const write of await Promise.allSettled(writes))
      expect(write).toMatchObject({
        status: 'rejected',
        reason: { failure: { kind: 'not_found', message: 'Organization not found' } },
      });
    expect(await floorRows(doomed)).toEqual(none);
  });
});
