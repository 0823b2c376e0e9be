import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { invitationLink, MailCatcher } from './mail-catcher.js';
import {
  ApiSession,
  fixture,
  startTestStack,
  SUPER_ADMIN,
  type TestStack,
  waitFor,
} from './test-stack.js';
import { type RunningWorkers, startVideoWorkers } from './test-workers.js';

/**
 * Team Overview's "present today" from camera presence: Howard accepts his invitation (active,
 * never signed in), the video worker enrols his photo, the simulator's camera shows him, and the
 * snapshot identification records him on the floor. Nothing is written behind the services' backs.
 */
let simulator: RunningSimulator;
let mail: MailCatcher;
let stack: TestStack;
let workers: RunningWorkers;
let root: ApiSession;
let mia: ApiSession;
let gina: ApiSession;
let acme: number;
let howard: number;
const PASSWORD = 'Presence-Test-Pass-1!';

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, PASSWORD)).status).toBe(200);
  return session;
}

beforeAll(async () => {
  simulator = await startCameraSimulator();
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  workers = await startVideoWorkers(stack);
  acme = await stack.createOrganization('Acme Presence', 'acme-presence.test');
  const globex = await stack.createOrganization('Globex Presence', 'globex-presence.test');
  await stack.createUser({
    email: 'mia@acme-presence.test',
    password: PASSWORD,
    role: 'manager',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex-presence.test',
    password: PASSWORD,
    role: 'admin',
    organizationId: globex,
  });
  root = new ApiSession(stack.url);
  expect((await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password)).status).toBe(200);

  const created = await root.post('/api/admin/users', {
    email: 'howard@acme-presence.test',
    name: 'Howard',
    organizationId: acme,
  });
  howard = (created.body.user as { id: number }).id;
  const invitation = invitationLink(await mail.waitFor('howard@acme-presence.test'));
  const accepted = await new ApiSession(stack.url).upload(
    '/api/auth/setup-password-with-profile',
    { token: invitation.token, email: invitation.email, password: PASSWORD },
    { field: 'file', name: 'me.png', data: readFileSync(fixture('faces/howard/howard1.png')) },
  );
  expect(accepted.status).toBe(200);
  await waitFor(
    async () =>
      (await stack.video.dataSource.query(
        `SELECT 1 FROM face_enrolments WHERE user_id = $1 AND model <> 'pending'`,
        [howard],
      )) as unknown[],
    (rows) => rows.length === 1,
  );
  mia = await signIn('mia@acme-presence.test');
  gina = await signIn('gina@globex-presence.test');
}, 300_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
  await simulator?.close();
  await mail?.stop();
});

describe('team overview: present today', () => {
  it('counts signed-in people only while no camera has seen anyone', async () => {
    expect((await mia.get('/api/stats/team')).body).toMatchObject({
      totalMembers: 2,
      presentToday: 1,
      absentCount: 1,
    });
  });

  it('counts a member a camera saw today as present, though they never signed in', async () => {
    const integration = await root.post('/api/admin/integrations', {
      integrationType: 'camera_cloud',
      baseUrl: simulator.url,
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const assigned = await root.post('/api/admin/camera-assignments', {
      cameraId: 'cam-102',
      cameraName: 'Assembly Line A',
      organizationId: acme,
      integrationId: integration.body.id,
    });
    const schedule = await root.put(
      `/api/admin/camera-assignments/${assigned.body.id as number}/schedule`,
      { snapshotEnabled: true },
    );
    expect(schedule.status).toBe(200);
    // A read refused on a loaded machine (an RPC past its deadline) is read again, and named if
    // it is the last.
    await waitFor(
      async () => {
        const listed = await root.get('/api/admin/camera-assignments');
        if (!Array.isArray(listed.body)) return { status: listed.status, body: listed.body };
        const assignments = listed.body as { id: number; lastSnapshot: unknown }[];
        const camera = assignments.find((one) => one.id === assigned.body.id);
        return camera?.lastSnapshot as { status: string } | null;
      },
      (snapshot) => snapshot?.status === 'identified',
    );

    expect((await mia.get('/api/stats/team')).body).toMatchObject({
      totalMembers: 2,
      presentToday: 2,
      attendanceRate: 100,
      absentCount: 0,
    });
    const members = (await mia.get('/api/team/members')).body as unknown as {
      id: number;
      presentToday: boolean;
    }[];
    expect(members.find((member) => member.id === howard)).toMatchObject({ presentToday: true });
    // Another organization's camera presence is not theirs.
    expect((await gina.get('/api/stats/team')).body).toMatchObject({
      totalMembers: 1,
      presentToday: 1,
    });
  });
});
