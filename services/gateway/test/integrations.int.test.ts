import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  SIMULATOR_CAMERA_COUNT,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { api, ERROR_TEXTS, libraryRpc } from '@hub/proto';
import { type CallOptions, type Contract, parseAnswer, expectError } from './api-client.js';
import { auditedEventually, meanwhileAfter } from './integration-races.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

let simulator: RunningSimulator;
let stack: TestStack;
let root: ApiSession;
let admin: ApiSession;
let acmeId: number;
let globexId: number;
let library: pg.Client;
/** Every answer body of the suite, to prove no secret is ever in one. */
const answers: string[] = [];
const SECRET_KEY = randomBytes(32).toString('base64');

/** The route's answer as sent (before any schema), kept in `answers`. */
async function send<R extends Contract>(
  session: ApiSession,
  route: R,
  options: CallOptions<R> = {},
) {
  const answer = await session.send(route, options);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

/** As `session.call`, the answer kept in `answers` as sent. */
async function call<R extends Contract>(
  session: ApiSession,
  route: R,
  options: CallOptions<R> = {},
) {
  return parseAnswer(route, await send(session, route, options));
}

const cameras = () => call(root, api.integrationCameras, { params: { id: integrationId } });
const test = (id = integrationId) => call(root, api.testIntegration, { params: { id } });
let integrationId: number;

/** A processed SOP in the library's own tables, as its processing pipeline leaves one. */
async function processedSop(organizationId: number, title: string, processed = true) {
  const { rows } = await library.query<{ id: number }>(
    `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix, source_key,
       uploaded_by, processed, sop_processed, processing_stage)
     VALUES ($1, $2, $3, 100, 'x/', $4, 1, $5, $5, 'done') RETURNING id`,
    [organizationId, title, `${title}.pdf`, `x/${title}.pdf`, processed],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  simulator = await startCameraSimulator();
  stack = await startTestStack({
    INTEGRATION_SECRET_KEY: SECRET_KEY,
    PROVIDER_TIMEOUT_MS: '300',
    PROVIDER_BACKOFF_MS: '20',
  });
  acmeId = await stack.createOrganization('Acme Plant', 'acme.test');
  globexId = await stack.createOrganization('Globex Works', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acmeId,
  });
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  admin = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  library = new pg.Client({
    connectionString: stack.databaseUrl,
    options: '-c search_path=library',
  });
  await library.connect();
});

afterAll(async () => {
  await library?.end();
  await stack?.stop();
  await simulator?.close();
});

const setUp = (account: keyof typeof SIMULATOR_ACCOUNTS) =>
  send(root, api.createIntegration, {
    body: {
      integrationType: 'camera_cloud',
      baseUrl: simulator.url,
      ...SIMULATOR_ACCOUNTS[account],
    },
  });

describe('camera-system integrations through the gateway, against the provider simulator', () => {
  it('refuses every integration route to anyone but the super administrator', async () => {
    const one = { params: { id: 1 } };
    const routes: [Contract, CallOptions<Contract>][] = [
      [api.integrations, {}],
      [api.createIntegration, { invalidBody: { integrationType: 'camera_cloud' } }],
      [api.testIntegration, one],
      [api.integrationCameras, one],
      [api.cameraAssignments, {}],
      [api.createCameraAssignment, { invalidBody: { cameraId: 'cam-101' } }],
      [api.deleteCameraAssignment, one],
      [api.updateCameraAssignmentSops, { ...one, body: { sopIds: [] } }],
      [api.organizationSops, { params: { id: acmeId } }],
    ];
    for (const [route, options] of routes) {
      const name = `${route.method} ${route.path}`;
      expect((await send(admin, route, options)).status, name).toBe(403);
      expect((await send(new ApiSession(stack.url), route, options)).status).toBe(401);
    }
  });

  it('starts with no integration, and validates the set-up', async () => {
    expect(await call(root, api.integrations)).toEqual([]);
    const bad = call(root, api.createIntegration, {
      body: {
        integrationType: 'camera_cloud',
        baseUrl: 'ftp://cameras',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect((await expectError(bad, 400)).message).toBe('API base URL must be an http(s) URL');
  });

  it('stores the credentials encrypted and answers untested, without the secret', async () => {
    const answer = await setUp('demo');
    expect(answer.status).toBe(201);
    const created = parseAnswer(api.createIntegration, answer);
    expect(created).toMatchObject({
      integrationType: 'camera_cloud',
      baseUrl: simulator.url,
      lastTestStatus: 'untested',
      lastTestMessage: null,
    });
    integrationId = created.id;
    const { rows } = await stack.sql.query<{ credentials: string; credentials_key_id: string }>(
      `SELECT credentials, credentials_key_id FROM integration.integrations`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.credentials).not.toContain(SIMULATOR_ACCOUNTS.demo.clientSecret);
    expect(rows[0]!.credentials).not.toContain(SIMULATOR_ACCOUNTS.demo.clientId);
    expect(rows[0]!.credentials.startsWith(`v1.${rows[0]!.credentials_key_id}.`)).toBe(true);
  });

  it('tests the connection and stores success', async () => {
    const tested = await send(root, api.testIntegration, { params: { id: integrationId } });
    expect(tested.status).toBe(201);
    expect(tested.body).toEqual({
      success: true,
      message: 'Camera system integration is working properly',
    });
    const [integration] = await call(root, api.integrations);
    expect(integration!.lastTestStatus).toBe('success');
    expect(integration!.lastTestedAt).not.toBeNull();
  });

  it('lists every camera of the system, all Available at first', async () => {
    const list = await cameras();
    expect(list.success).toBe(true);
    expect(list.cameras).toHaveLength(SIMULATOR_CAMERA_COUNT);
    expect(list.cameras.every((camera) => camera.status === 'Available')).toBe(true);
    expect(list.cameras.find((camera) => camera.id === 'cam-102')?.name).toBe('Assembly Line A');
  });

  let assignmentId: number;

  it('assigns a camera to an organization, once: a second organization gets 409', async () => {
    const answer = await send(root, api.createCameraAssignment, {
      body: {
        cameraId: 'cam-102',
        cameraName: 'Assembly Line A',
        cameraModel: 'Alta Bullet B2',
        cameraNotes: 'Stations A1-A6',
        organizationId: acmeId,
        integrationId,
      },
    });
    expect(answer.status).toBe(201);
    const assigned = parseAnswer(api.createCameraAssignment, answer);
    expect(assigned).toMatchObject({
      cameraId: 'cam-102',
      cameraName: 'Assembly Line A',
      organizationId: acmeId,
      organizationName: 'Acme Plant',
      integrationId,
      sopIds: [],
    });
    assignmentId = assigned.id;
    const again = call(root, api.createCameraAssignment, {
      body: {
        cameraId: 'cam-102',
        cameraName: 'Assembly Line A',
        organizationId: globexId,
        integrationId,
      },
    });
    expect((await expectError(again, 409)).message).toBe(
      'This camera is already assigned to an organization.',
    );
    const camera = (await cameras()).cameras.find((c) => c.id === 'cam-102');
    expect(camera).toMatchObject({ status: 'Assigned', assignmentId, organizationId: acmeId });
  });

  it('refuses a camera the system does not have and an unknown organization', async () => {
    const assign = (cameraId: string, cameraName: string, organizationId: number) =>
      call(root, api.createCameraAssignment, {
        body: { cameraId, cameraName, organizationId, integrationId },
      });
    const noCamera = await expectError(assign('cam-999', 'Ghost', acmeId), 400);
    expect(noCamera.message).toBe('The camera system has no such camera');
    const noOrganization = await expectError(assign('cam-103', 'Assembly Line B', 99_999), 400);
    expect(noOrganization.message).toBe('Organization not found');
  });

  it("ties only processed SOPs of the camera's organization", async () => {
    const lockout = await processedSop(acmeId, 'Lockout Tagout');
    const forklift = await processedSop(acmeId, 'Forklift Checks');
    const unprocessed = await processedSop(acmeId, 'Draft Procedure', false);
    const otherOrg = await processedSop(globexId, 'Globex Welding');
    const choices = await call(root, api.organizationSops, { params: { id: acmeId } });
    expect(choices).toEqual([
      { id: forklift, title: 'Forklift Checks' },
      { id: lockout, title: 'Lockout Tagout' },
    ]);
    const tie = (sopIds: number[]) =>
      call(root, api.updateCameraAssignmentSops, {
        params: { id: assignmentId },
        body: { sopIds },
      });
    for (const wrong of [unprocessed, otherOrg]) {
      const refused = await expectError(tie([lockout, wrong]), 400);
      expect(refused.field).toBe('sopIds');
    }
    const saved = await tie([lockout, forklift, lockout]);
    expect(saved.sopIds).toEqual([lockout, forklift]);
    const list = await call(root, api.cameraAssignments);
    expect(list.assignments.find((row) => row.id === assignmentId)?.sopIds).toEqual([
      lockout,
      forklift,
    ]);
  });

  it('removes an assignment: the camera is Available again', async () => {
    const remove = () => call(root, api.deleteCameraAssignment, { params: { id: assignmentId } });
    await remove();
    expect((await call(root, api.cameraAssignments)).assignments).toEqual([]);
    const camera = (await cameras()).cameras.find((c) => c.id === 'cam-102');
    expect(camera?.status).toBe('Available');
    await expectError(remove(), 404);
  });

  it('answers the Camera API Access Limited case as success false with the suggestion', async () => {
    expect(parseAnswer(api.createIntegration, await setUp('limited')).lastTestStatus).toBe(
      'untested',
    );
    expect((await test()).success).toBe(true);
    const list = await send(root, api.integrationCameras, { params: { id: integrationId } });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      success: false,
      message: 'This API client may not list cameras: the cameras:read scope was not granted.',
      technicalDetails: {
        suggestion:
          "Grant the API client the cameras:read scope in the camera system's admin console, then test the connection again.",
      },
      cameras: [],
    });
  });

  it('stores a failed test with the provider message for wrong credentials', async () => {
    await call(root, api.createIntegration, {
      body: {
        integrationType: 'camera_cloud',
        baseUrl: simulator.url,
        clientId: 'hub-demo',
        clientSecret: 'wrong-secret-value',
      },
    });
    expect(await test()).toEqual({
      success: false,
      message: 'Client authentication failed: unknown client or wrong secret.',
    });
    const [integration] = await call(root, api.integrations);
    expect(integration).toMatchObject({
      lastTestStatus: 'failed',
      lastTestMessage: 'Client authentication failed: unknown client or wrong secret.',
    });
  });

  it('reports a system that does not answer in time as a failed test', async () => {
    await setUp('slow');
    expect(await test()).toEqual({
      success: false,
      message: 'The camera system did not answer within 0.3 s.',
    });
  });

  it('answers 404 for an integration that does not exist', async () => {
    await expectError(test(9999), 404);
  });

  it('put no client secret (nor the sealed value) in any answer', async () => {
    const { rows } = await stack.sql.query<{ credentials: string }>(
      `SELECT credentials FROM integration.integrations`,
    );
    const everything = answers.join('\n');
    for (const account of Object.values(SIMULATOR_ACCOUNTS))
      expect(everything).not.toContain(account.clientSecret);
    expect(everything).not.toContain('wrong-secret-value');
    expect(everything).not.toContain(rows[0]!.credentials);
    expect(everything).not.toContain('credentials');
  });
});

/**
 * A camera system that holds each sign-in until released, then refuses it: a connection test
 * that is under way for as long as a test needs.
 */
async function heldCameraSystem() {
  const arrived: (() => void)[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((request, response) => {
    arrived.forEach((tell) => tell());
    void released.then(() => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: 'invalid_client', error_description: 'Held and refused' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    signInArrived: new Promise<void>((resolve) => arrived.push(resolve)),
    release,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('camera-system set-up and schedules that change meanwhile', () => {
  it('refuses an API base URL with a user name or password, and masks one kept from before', async () => {
    const withPassword = call(root, api.createIntegration, {
      body: {
        integrationType: 'camera_cloud',
        baseUrl: 'https://hub:pw-in-url-77@cameras.example',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect((await expectError(withPassword, 400)).message).toBe(
      ERROR_TEXTS.camera_system_address_credentials,
    );
    await setUp('demo');
    // An address kept from before this was refused: the system is never reached with it.
    await stack.sql.query(`UPDATE integration.integrations SET base_url = $1`, [
      `${simulator.url.replace('//', '//hub:pw-in-url-77@')}`,
    ]);
    const tested = await test();
    expect(tested.success).toBe(false);
    const [integration] = await call(root, api.integrations);
    expect(integration!.baseUrl).toBe(simulator.url.replace('//', '//hub:***@'));
    // The test's words are shown to every organization whose cameras it serves (floor alerts).
    expect(JSON.stringify([tested, integration])).not.toContain('pw-in-url-77');
    const { rows } = await stack.sql.query(
      `SELECT last_test_message FROM integration.integrations`,
    );
    expect(JSON.stringify(rows)).not.toContain('pw-in-url-77');
  });

  it('does not record a connection test on credentials set up while it ran', async () => {
    const held = await heldCameraSystem();
    try {
      await call(root, api.createIntegration, {
        body: {
          integrationType: 'camera_cloud',
          baseUrl: held.url,
          clientId: 'old-client',
          clientSecret: 'old-secret',
        },
      });
      const testing = test();
      await held.signInArrived;
      // Set up again (the right credentials) while the old ones are tested.
      expect(parseAnswer(api.createIntegration, await setUp('demo')).lastTestStatus).toBe(
        'untested',
      );
      held.release();
      expect(await testing).toEqual({ success: false, message: 'Held and refused' });
      const [integration] = await call(root, api.integrations);
      expect(integration).toMatchObject({
        baseUrl: simulator.url,
        lastTestStatus: 'untested',
        lastTestMessage: null,
      });
    } finally {
      await held.close();
    }
  });

  it("keeps a camera's interval and schedule when a change does not name them", async () => {
    expect((await test()).success).toBe(true);
    const assigned = await call(root, api.createCameraAssignment, {
      body: { cameraId: 'cam-103', cameraName: 'x', organizationId: acmeId, integrationId },
    });
    const camera = { params: { id: assigned.id } };
    const area = await admin.call(api.createArea, { body: { name: 'Intervals' } });
    // The organization's administrator takes a snapshot every 5 minutes, not every minute.
    await admin.call(api.updateFloorCamera, {
      ...camera,
      body: { areaId: area.id, snapshotEnabled: true, snapshotIntervalSeconds: 300 },
    });
    // The super administrator turns it off and on again (the Integrations page's switch).
    for (const snapshotEnabled of [false, true]) {
      const schedule = await call(root, api.updateCameraAssignmentSchedule, {
        ...camera,
        body: { snapshotEnabled },
      });
      expect(schedule).toMatchObject({ snapshotEnabled, snapshotIntervalSeconds: 300 });
    }
    // The administrator then says which area it covers, and only that.
    const covered = await admin.call(api.updateFloorCamera, { ...camera, body: { areaId: null } });
    expect(covered).toMatchObject({
      areaId: null,
      snapshotEnabled: true,
      snapshotIntervalSeconds: 300,
    });
    await call(root, api.deleteCameraAssignment, camera);
  });
});

describe("an assignment's SOPs and its audit trail", () => {
  const assign = async (cameraId: string) =>
    (
      await call(root, api.createCameraAssignment, {
        body: { cameraId, cameraName: cameraId, organizationId: acmeId, integrationId },
      })
    ).id;
  const tie = (id: number, sopIds: number[]) =>
    call(root, api.updateCameraAssignmentSops, { params: { id }, body: { sopIds } });
  const sopsOf = async (id: number) =>
    (await call(root, api.cameraAssignments)).assignments.find((row) => row.id === id)?.sopIds;
  const unassign = (id: number) => call(root, api.deleteCameraAssignment, { params: { id } });

  it('does not tie back an SOP deleted while the SOPs were saved', async () => {
    const lockout = await processedSop(acmeId, 'RaceLockout');
    const doomed = await processedSop(acmeId, 'RaceDoomed');
    const saving = await assign('cam-104');
    // Another camera holding the SOP tells when its deletion has reached the cameras.
    const witness = await assign('cam-105');
    await tie(witness, [doomed]);
    // Deleted, and let go of by the cameras, after the save asked the library and before it wrote.
    const restore = meanwhileAfter(stack, libraryRpc.organizationSops, async () => {
      await admin.call(api.deleteDocument, { params: { id: doomed } });
      await expect.poll(() => sopsOf(witness), { timeout: 10_000 }).toEqual([]);
    });
    try {
      expect((await tie(saving, [lockout, doomed])).sopIds).toEqual([lockout]);
    } finally {
      restore();
    }
    expect(await sopsOf(saving)).toEqual([lockout]);
    // The picker's next save, the deleted SOP no longer among its choices, is not refused.
    expect((await tie(saving, [lockout])).sopIds).toEqual([lockout]);
    await unassign(saving);
    await unassign(witness);
  });

  it('lets go of a kept SOP the library no longer lists, and refuses only a new one', async () => {
    const kept = await processedSop(acmeId, 'KeptProcedure');
    const id = await assign('cam-101');
    // Tied before it was deleted, and left behind (a save that raced its deletion, before).
    const gone = 987_654;
    await stack.sql.query(`UPDATE integration.camera_assignments SET sop_ids = $2 WHERE id = $1`, [
      id,
      [kept, gone],
    ]);
    // The picker sends back every SOP it shows ticked, the gone one included.
    expect((await tie(id, [kept, gone])).sopIds).toEqual([kept]);
    const refused = await expectError(tie(id, [kept, gone + 1]), 400);
    expect(refused.field).toBe('sopIds');
    expect(await sopsOf(id)).toEqual([kept]);
    await unassign(id);
  });

  it("files the platform's changes to an assignment under the camera's organization", async () => {
    const id = await assign('cam-106');
    const sop = await processedSop(acmeId, 'AuditedProcedure');
    await tie(id, [sop]);
    await call(root, api.updateCameraAssignmentSchedule, {
      params: { id },
      body: { snapshotEnabled: true },
    });
    const removed = await send(root, api.deleteCameraAssignment, { params: { id } });
    // The route answers as before: the organization is the audit trail's alone.
    expect(removed.body).toEqual({ message: 'Assignment removed' });
    for (const action of [
      'camera-assignment.sops',
      'camera-assignment.schedule',
      'camera-assignment.delete',
    ]) {
      const entry = await auditedEventually(
        root,
        (found) => found.action === action && found.target === `id=${id}`,
      );
      expect(entry, action).toMatchObject({ outcome: 'success', organizationId: acmeId });
      // Acme's administrators read what the platform did to Acme's camera.
      const acmeEntry = await auditedEventually(admin, (found) => found.id === entry.id);
      expect(acmeEntry.actorEmail).toBe(SUPER_ADMIN.email);
    }
    // Refused before the service named the camera's organization: the platform's own entry.
    await expectError(unassign(id), 404);
    const refused = await auditedEventually(
      root,
      (found) =>
        found.action === 'camera-assignment.delete' &&
        found.target === `id=${id}` &&
        found.outcome === 'failure',
    );
    expect(refused.organizationId).not.toBe(acmeId);
  });
});
