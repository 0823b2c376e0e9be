import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { api, identityRpc } from '@hub/proto';
import { expectError } from './api-client.js';
import { meanwhileAfter } from './integration-races.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

let simulator: RunningSimulator;
let stack: TestStack;
let root: ApiSession;
let integrationId: number;
const PASSWORD = 'Camera-Removal-Pass-1!';

const query = <T>(sql: string, params: unknown[] = []) =>
  stack.integration.dataSource.query(sql, params) as Promise<T[]>;

/** A camera of the simulator assigned to the organization, snapshots kept there. */
async function keepingCamera(organizationId: number, cameraId: string) {
  const assignment = await root.call(api.createCameraAssignment, {
    body: { cameraId, cameraName: cameraId, organizationId, integrationId },
  });
  await query(
    `INSERT INTO floor_privacy (organization_id, keep_snapshots) VALUES ($1, true)
     ON CONFLICT (organization_id) DO UPDATE SET keep_snapshots = true`,
    [organizationId],
  );
  return assignment.id;
}

/**
 * A finished snapshot run whose picture the organization keeps, as the snapshot worker leaves
 * one: the picture under the camera's folder, its key on the run.
 */
async function keptSnapshot(organizationId: number, assignmentId: number, personId = 1) {
  const key = `org/${organizationId}/snapshots/camera-${assignmentId}/${randomUUID()}.jpg`;
  await stack.storage.put(key, Buffer.from('jpeg'), 'image/jpeg', 4);
  const [run] = await query<{ id: string }>(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, status,
       snapshot_key, people_seen, finished_at)
     SELECT $1, organization_id, id, camera_id, 'identified', $2, 1, now()
       FROM camera_assignments WHERE id = $3 RETURNING id`,
    [`test:${key}`, key, assignmentId],
  );
  await query(
    `INSERT INTO presence_events (organization_id, person_id, camera_id, seen_at, confidence,
       snapshot_run_id)
     VALUES ($1, $2, 'cam', now() - interval '1 minute', 0.9, $3)`,
    [organizationId, personId, run!.id],
  );
  return key;
}

const stored = (organizationId: number) => stack.storage.list(`org/${organizationId}/snapshots/`);

beforeAll(async () => {
  simulator = await startCameraSimulator();
  stack = await startTestStack();
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const integration = await root.call(api.createIntegration, {
    body: { integrationType: 'camera_cloud', baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.demo },
  });
  integrationId = integration.id;
});

afterAll(async () => {
  await stack?.stop();
  await simulator?.close();
});

describe('camera data goes with what it belonged to', () => {
  it("removes the pictures kept of a camera's snapshots with its assignment", async () => {
    const acme = await stack.createOrganization('Acme Removal', 'acme-removal.test');
    const removed = await keepingCamera(acme, 'cam-102');
    const staying = await keepingCamera(acme, 'cam-103');
    await keptSnapshot(acme, removed);
    await keptSnapshot(acme, removed);
    const other = await keptSnapshot(acme, staying);
    expect(await stored(acme)).toHaveLength(3);

    await root.call(api.deleteCameraAssignment, { params: { id: removed } });
    // The runs were the only record of these pictures: none may stay behind unlisted.
    expect(await stored(acme)).toEqual([other]);
    expect(await query(`SELECT 1 FROM snapshot_runs WHERE assignment_id = $1`, [removed])).toEqual(
      [],
    );
  });

  it("removes every picture kept of an organization's cameras when it is deleted", async () => {
    const doomed = await stack.createOrganization('Doomed Removal', 'doomed-removal.test');
    const survivor = await stack.createOrganization('Survivor Removal', 'survivor-removal.test');
    await keptSnapshot(doomed, await keepingCamera(doomed, 'cam-104'));
    const kept = await keptSnapshot(survivor, await keepingCamera(survivor, 'cam-105'));

    await root.call(api.deleteOrganization, { params: { id: doomed } });
    await expect
      .poll(() => query(`SELECT 1 FROM snapshot_runs WHERE organization_id = $1`, [doomed]), {
        timeout: 10_000,
      })
      .toEqual([]);
    await expect.poll(() => stored(doomed), { timeout: 10_000 }).toEqual([]);
    expect(await stored(survivor)).toEqual([kept]);
  });

  it('forgets where the cameras saw a deleted person, who no longer counts as present', async () => {
    const globex = await stack.createOrganization('Globex Removal', 'globex-removal.test');
    await stack.createUser({
      email: 'gina@globex-removal.test',
      password: PASSWORD,
      role: 'admin',
      organizationId: globex,
    });
    const gina = await signedIn(stack, 'gina@globex-removal.test', PASSWORD);
    const olaf = await stack.createUser({
      email: 'olaf@globex-removal.test',
      password: PASSWORD,
      role: 'operator',
      organizationId: globex,
    });
    const camera = await keepingCamera(globex, 'cam-106');
    await keptSnapshot(globex, camera, olaf);
    expect(await gina.call(api.floorStats)).toMatchObject({ workersPresent: 1 });

    await root.call(api.deleteUser, { params: { id: olaf } });
    await expect
      .poll(async () => (await gina.call(api.floorStats)).workersPresent, { timeout: 10_000 })
      .toBe(0);
    expect(await query(`SELECT 1 FROM presence_events WHERE person_id = $1`, [olaf])).toEqual([]);
  });

  it('assigns no camera to an organization deleted while it was being assigned', async () => {
    const doomed = await stack.createOrganization('Vanishing Removal', 'vanishing-removal.test');
    // A camera it has already tells when its deletion has reached the integration service.
    const witness = await keepingCamera(doomed, 'cam-107');
    // Deleted after the assignment found it in identity, and before it wrote.
    const restore = meanwhileAfter(stack, identityRpc.organizationNames, async () => {
      await root.call(api.deleteOrganization, { params: { id: doomed } });
      await expect
        .poll(() => query(`SELECT 1 FROM camera_assignments WHERE id = $1`, [witness]), {
          timeout: 10_000,
        })
        .toEqual([]);
    });
    try {
      const assigning = root.call(api.createCameraAssignment, {
        body: { cameraId: 'cam-101', cameraName: 'x', organizationId: doomed, integrationId },
      });
      expect((await expectError(assigning, 400)).message).toBe('Organization not found');
    } finally {
      restore();
    }
    expect(
      await query(`SELECT 1 FROM camera_assignments WHERE organization_id = $1`, [doomed]),
    ).toEqual([]);
  });
});
