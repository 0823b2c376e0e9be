import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  SIMULATOR_CAMERA_COUNT,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
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

async function call(session: ApiSession, method: string, path: string, body?: unknown) {
  const answer = await session.request(method, path, body);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

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
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  admin = new ApiSession(stack.url);
  await admin.login('ann@acme.test', 'Acme-Admin-1');
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
  call(root, 'POST', '/api/admin/integrations', {
    integrationType: 'camera_cloud',
    baseUrl: simulator.url,
    ...SIMULATOR_ACCOUNTS[account],
  });

describe('camera-system integrations through the gateway, against the provider simulator', () => {
  let integrationId: number;

  it('refuses every integration route to anyone but the super administrator', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/admin/integrations'],
      ['POST', '/api/admin/integrations', { integrationType: 'camera_cloud' }],
      ['POST', '/api/admin/integrations/1/test'],
      ['GET', '/api/admin/integrations/1/cameras'],
      ['GET', '/api/admin/camera-assignments'],
      ['POST', '/api/admin/camera-assignments', { cameraId: 'cam-101' }],
      ['DELETE', '/api/admin/camera-assignments/1'],
      ['PUT', '/api/admin/camera-assignments/1/sops', { sopIds: [] }],
      ['GET', `/api/admin/organizations/${acmeId}/sops`],
    ];
    for (const [method, path, body] of paths) {
      expect((await call(admin, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(new ApiSession(stack.url), method, path, body)).status).toBe(401);
    }
  });

  it('starts with no integration, and validates the set-up', async () => {
    expect((await call(root, 'GET', '/api/admin/integrations')).body).toEqual([]);
    const bad = await call(root, 'POST', '/api/admin/integrations', {
      integrationType: 'camera_cloud',
      baseUrl: 'ftp://cameras',
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('API base URL must be an http(s) URL');
  });

  it('stores the credentials encrypted and answers untested, without the secret', async () => {
    const created = await setUp('demo');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      integrationType: 'camera_cloud',
      baseUrl: simulator.url,
      lastTestStatus: 'untested',
      lastTestMessage: null,
    });
    integrationId = created.body.id as number;
    const { rows } = await stack.sql.query<{ credentials: string; credentials_key_id: string }>(
      `SELECT credentials, credentials_key_id FROM integration.integrations`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.credentials).not.toContain(SIMULATOR_ACCOUNTS.demo.clientSecret);
    expect(rows[0]!.credentials).not.toContain(SIMULATOR_ACCOUNTS.demo.clientId);
    expect(rows[0]!.credentials.startsWith(`v1.${rows[0]!.credentials_key_id}.`)).toBe(true);
  });

  it('tests the connection and stores success', async () => {
    const tested = await call(root, 'POST', `/api/admin/integrations/${integrationId}/test`);
    expect(tested.status).toBe(201);
    expect(tested.body).toEqual({
      success: true,
      message: 'Camera system integration is working properly',
    });
    const [integration] = (await call(root, 'GET', '/api/admin/integrations')).body as unknown as {
      lastTestStatus: string;
      lastTestedAt: string | null;
    }[];
    expect(integration!.lastTestStatus).toBe('success');
    expect(integration!.lastTestedAt).not.toBeNull();
  });

  it('lists every camera of the system, all Available at first', async () => {
    const list = await call(root, 'GET', `/api/admin/integrations/${integrationId}/cameras`);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    const cameras = list.body.cameras as { id: string; status: string; name: string }[];
    expect(cameras).toHaveLength(SIMULATOR_CAMERA_COUNT);
    expect(cameras.every((camera) => camera.status === 'Available')).toBe(true);
    expect(cameras.find((camera) => camera.id === 'cam-102')?.name).toBe('Assembly Line A');
  });

  let assignmentId: number;

  it('assigns a camera to an organization, once: a second organization gets 409', async () => {
    const assigned = await call(root, 'POST', '/api/admin/camera-assignments', {
      cameraId: 'cam-102',
      cameraName: 'Assembly Line A',
      cameraModel: 'Alta Bullet B2',
      cameraNotes: 'Stations A1-A6',
      organizationId: acmeId,
      integrationId,
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({
      cameraId: 'cam-102',
      cameraName: 'Assembly Line A',
      organizationId: acmeId,
      organizationName: 'Acme Plant',
      integrationId,
      sopIds: [],
    });
    assignmentId = assigned.body.id as number;
    const again = await call(root, 'POST', '/api/admin/camera-assignments', {
      cameraId: 'cam-102',
      cameraName: 'Assembly Line A',
      organizationId: globexId,
      integrationId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This camera is already assigned to an organization.');
    const list = await call(root, 'GET', `/api/admin/integrations/${integrationId}/cameras`);
    const camera = (list.body.cameras as { id: string }[]).find((c) => c.id === 'cam-102');
    expect(camera).toMatchObject({ status: 'Assigned', assignmentId, organizationId: acmeId });
  });

  it('refuses a camera the system does not have and an unknown organization', async () => {
    const noCamera = await call(root, 'POST', '/api/admin/camera-assignments', {
      cameraId: 'cam-999',
      cameraName: 'Ghost',
      organizationId: acmeId,
      integrationId,
    });
    expect(noCamera.status).toBe(400);
    expect(noCamera.body.message).toBe('The camera system has no such camera');
    const noOrganization = await call(root, 'POST', '/api/admin/camera-assignments', {
      cameraId: 'cam-103',
      cameraName: 'Assembly Line B',
      organizationId: 99_999,
      integrationId,
    });
    expect(noOrganization.status).toBe(400);
    expect(noOrganization.body.message).toBe('Organization not found');
  });

  it("ties only processed SOPs of the camera's organization", async () => {
    const lockout = await processedSop(acmeId, 'Lockout Tagout');
    const forklift = await processedSop(acmeId, 'Forklift Checks');
    const unprocessed = await processedSop(acmeId, 'Draft Procedure', false);
    const otherOrg = await processedSop(globexId, 'Globex Welding');
    const choices = await call(root, 'GET', `/api/admin/organizations/${acmeId}/sops`);
    expect(choices.body).toEqual([
      { id: forklift, title: 'Forklift Checks' },
      { id: lockout, title: 'Lockout Tagout' },
    ]);
    for (const wrong of [unprocessed, otherOrg]) {
      const refused = await call(
        root,
        'PUT',
        `/api/admin/camera-assignments/${assignmentId}/sops`,
        {
          sopIds: [lockout, wrong],
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('sopIds');
    }
    const saved = await call(root, 'PUT', `/api/admin/camera-assignments/${assignmentId}/sops`, {
      sopIds: [lockout, forklift, lockout],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.sopIds).toEqual([lockout, forklift]);
    const list = (await call(root, 'GET', '/api/admin/camera-assignments')).body as unknown as {
      id: number;
      sopIds: number[];
    }[];
    expect(list.find((row) => row.id === assignmentId)?.sopIds).toEqual([lockout, forklift]);
  });

  it('removes an assignment: the camera is Available again', async () => {
    const removed = await call(root, 'DELETE', `/api/admin/camera-assignments/${assignmentId}`);
    expect(removed.status).toBe(200);
    expect((await call(root, 'GET', '/api/admin/camera-assignments')).body).toEqual([]);
    const list = await call(root, 'GET', `/api/admin/integrations/${integrationId}/cameras`);
    const camera = (list.body.cameras as { id: string; status: string }[]).find(
      (c) => c.id === 'cam-102',
    );
    expect(camera?.status).toBe('Available');
    const gone = await call(root, 'DELETE', `/api/admin/camera-assignments/${assignmentId}`);
    expect(gone.status).toBe(404);
  });

  it('answers the Camera API Access Limited case as success false with the suggestion', async () => {
    expect((await setUp('limited')).body.lastTestStatus).toBe('untested');
    const tested = await call(root, 'POST', `/api/admin/integrations/${integrationId}/test`);
    expect(tested.body.success).toBe(true);
    const list = await call(root, 'GET', `/api/admin/integrations/${integrationId}/cameras`);
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
    await call(root, 'POST', '/api/admin/integrations', {
      integrationType: 'camera_cloud',
      baseUrl: simulator.url,
      clientId: 'hub-demo',
      clientSecret: 'wrong-secret-value',
    });
    const tested = await call(root, 'POST', `/api/admin/integrations/${integrationId}/test`);
    expect(tested.body).toEqual({
      success: false,
      message: 'Client authentication failed: unknown client or wrong secret.',
    });
    const [integration] = (await call(root, 'GET', '/api/admin/integrations')).body as unknown as {
      lastTestStatus: string;
      lastTestMessage: string;
    }[];
    expect(integration).toMatchObject({
      lastTestStatus: 'failed',
      lastTestMessage: 'Client authentication failed: unknown client or wrong secret.',
    });
  });

  it('reports a system that does not answer in time as a failed test', async () => {
    await setUp('slow');
    const tested = await call(root, 'POST', `/api/admin/integrations/${integrationId}/test`);
    expect(tested.body).toEqual({
      success: false,
      message: 'The camera system did not answer within 0.3 s.',
    });
  });

  it('answers 404 for an integration that does not exist', async () => {
    expect((await call(root, 'POST', '/api/admin/integrations/9999/test')).status).toBe(404);
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
