import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { api } from '@hub/proto';
import { createMember } from './tenant-fixtures.js';
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

beforeAll(async () => {
  simulator = await startCameraSimulator();
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  workers = await startVideoWorkers(stack);
  acme = await stack.createOrganization('Acme Presence', 'acme-presence.test');
  const globex = await stack.createOrganization('Globex Presence', 'globex-presence.test');
  root = new ApiSession(stack.url);
  expect((await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password)).status).toBe(200);

  const created = await root.call(api.createUser, {
    body: { email: 'howard@acme-presence.test', name: 'Howard', organizationId: acme },
  });
  howard = created.user.id;
  const invitation = invitationLink(await mail.waitFor('howard@acme-presence.test'));
  await new ApiSession(stack.url).uploadTo(
    api.setupPasswordWithProfile,
    { token: invitation.token, email: invitation.email, password: PASSWORD },
    { name: 'me.png', data: readFileSync(fixture('faces/howard/howard1.png')) },
  );
  await waitFor(
    async () =>
      (await stack.video.dataSource.query(
        `SELECT 1 FROM face_enrolments WHERE user_id = $1 AND model <> 'pending'`,
        [howard],
      )) as unknown[],
    (rows) => rows.length === 1,
  );
  mia = (await createMember(stack, acme, 'acme-presence.test', 'manager', 'mia')).session;
  gina = (await createMember(stack, globex, 'globex-presence.test', 'admin', 'gina')).session;
}, 300_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
  await simulator?.close();
  await mail?.stop();
});

describe('team overview: present today', () => {
  it('counts signed-in people only while no camera has seen anyone', async () => {
    expect(await mia.call(api.teamStats)).toMatchObject({
      totalMembers: 2,
      presentToday: 1,
      absentCount: 1,
    });
  });

  it('counts a member a camera saw today as present, though they never signed in', async () => {
    const integration = await root.call(api.createIntegration, {
      body: { integrationType: 'camera_cloud', baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.demo },
    });
    const assigned = await root.call(api.createCameraAssignment, {
      body: {
        cameraId: 'cam-102',
        cameraName: 'Assembly Line A',
        organizationId: acme,
        integrationId: integration.id,
      },
    });
    await root.call(api.updateCameraAssignmentSchedule, {
      params: { id: assigned.id },
      body: { snapshotEnabled: true },
    });
    // A read refused on a loaded machine (an RPC past its deadline) is read again, and named if
    // it is the last.
    await waitFor(
      async () => {
        const listed = await root.send(api.cameraAssignments);
        if (listed.status !== 200) return { status: listed.status, body: listed.body };
        const { assignments } = api.cameraAssignments.response.parse(listed.body);
        return assignments.find((one) => one.id === assigned.id)?.lastSnapshot ?? null;
      },
      (snapshot) => snapshot?.status === 'identified',
    );

    expect(await mia.call(api.teamStats)).toMatchObject({
      totalMembers: 2,
      presentToday: 2,
      attendanceRate: 100,
      absentCount: 0,
    });
    const members = (await mia.call(api.teamMembers)).members;
    expect(members.find((member) => member.id === howard)).toMatchObject({ presentToday: true });
    // Another organization's camera presence is not theirs.
    expect(await gina.call(api.teamStats)).toMatchObject({
      totalMembers: 1,
      presentToday: 1,
    });
  });
});
