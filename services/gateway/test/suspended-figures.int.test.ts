import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, identityRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { parseAnswer } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * Someone suspended (SCIM `active: false`: the account kept, signing in refused) is active
 * nowhere, as in the team's head counts: not among the Active Users of the data panel and the
 * Hub, nor an admin who completes the console's onboarding step; suspended before accepting,
 * they are nobody's pending item either.
 */

const PASSWORD = 'Suspended-Figures-1!';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let stack: TestStack;
let rpc: RpcClient;
let root: ApiSession;
let ann: ApiSession;
let scimSecret: string;
let acme: number;
const id: Record<string, number> = {};

/** Suspends (or restores) a member as their organization's identity provider does. */
async function setSuspended(userId: number, suspended: boolean): Promise<void> {
  const response = await fetch(`${stack.url}/scim/v2/Users/${userId}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${scimSecret}`,
      'content-type': 'application/scim+json',
    },
    body: JSON.stringify({
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: !suspended } }],
    }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  stack = await startTestStack();
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const people = [
    ['ann', 'admin', true],
    ['otto', 'operator', true],
    ['pia', 'operator', false],
  ] as const;
  for (const [name, role, isActive] of people) {
    id[name] = await stack.createUser({
      email: `${name}@acme.test`,
      name,
      role,
      organizationId: acme,
      isActive,
      password: PASSWORD,
    });
  }
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  ann = await signedIn(stack, 'ann@acme.test', PASSWORD);
  const token = await ann.send(api.createScimToken, { body: { name: 'Okta' } });
  scimSecret = parseAnswer(api.createScimToken, token).secret;
}, 180_000);

afterAll(async () => {
  await rpc?.close();
  await stack?.stop();
});

describe('a suspended person', () => {
  it('is none of the Active Users, on the data panel and the Hub, nor signed in today', async () => {
    // Otto signs in today; Ann did. Acme's active: Ann, Otto (Pia pending).
    await signedIn(stack, 'otto@acme.test', PASSWORD);
    const figures = async () => {
      const panel = await root.call(api.dataPanelUsers, { query: { limit: 1 } });
      const hub = await root.call(api.dashboardStats);
      const acmeHub = await ann.call(api.dashboardStats);
      return {
        panel: panel.activeCount,
        hub: hub.activeUsers,
        acme: [acmeHub.totalUsers, acmeHub.activeUsers, acmeHub.todayLogins],
        attendance: acmeHub.performanceOverview.attendanceRate,
      };
    };
    const before = await figures();
    expect(before.panel).toBe(before.hub);
    expect(before.acme).toEqual([3, 2, 2]);
    expect(before.attendance).toBe(100);
    await setSuspended(id.otto!, true);
    try {
      // Still a user; neither active nor, though he signed in earlier today, a login counted
      // against the active (the attendance rate's share stays of the active).
      expect(await figures()).toEqual({
        panel: before.panel - 1,
        hub: before.hub - 1,
        acme: [3, 1, 1],
        attendance: 100,
      });
    } finally {
      await setSuspended(id.otto!, false);
    }
    expect(await figures()).toEqual(before);
  });

  it("is nobody's pending item when suspended before accepting", async () => {
    const pending = async () => [
      (await root.call(api.activitySummary)).pendingItems,
      (await ann.call(api.activitySummary)).pendingItems,
    ];
    const before = await pending();
    await setSuspended(id.pia!, true);
    try {
      expect(await pending()).toEqual(before.map((count) => count - 1));
      // Suspended once accepted: never a pending item anyway.
      await setSuspended(id.otto!, true);
      expect(await pending()).toEqual(before.map((count) => count - 1));
    } finally {
      await setSuspended(id.pia!, false);
      await setSuspended(id.otto!, false);
    }
    expect(await pending()).toEqual(before);
  });

  it('is listed as suspended, never as pending, nor counted as an invitation not yet accepted', async () => {
    const listed = async (status: 'active' | 'pending' | 'suspended') =>
      (await ann.call(api.teamMembers, { query: { status } })).members.map((m) => m.name).sort();
    const checklist = async () =>
      (await ann.call(api.organizationOnboarding)).steps.find((step) => step.key === 'people')!.text
        .params;
    expect([await listed('pending'), await listed('suspended')]).toEqual([['pia'], []]);
    const checklistBefore = await checklist();
    await setSuspended(id.pia!, true);
    try {
      expect([await listed('pending'), await listed('suspended')]).toEqual([[], ['pia']]);
      expect(await listed('active')).toEqual(['ann', 'otto']);
      expect(await checklist()).toEqual({
        ...checklistBefore,
        invitations: Number(checklistBefore.invitations) - 1,
      });
    } finally {
      await setSuspended(id.pia!, false);
    }
    expect(await listed('pending')).toEqual(['pia']);
  });

  it("is no invitation the console's 'Send onboarding materials' waits for", async () => {
    const materials = async () =>
      (await root.call(api.adminOverview)).onboarding.find((item) => item.key === 'materials')!.text
        .params;
    const before = await materials();
    const { user } = await root.call(api.createUser, {
      body: { email: 'ivy@acme.test', name: 'Ivy', role: 'operator', organizationId: acme },
    });
    const invited = await materials();
    expect(invited).toEqual({ ...before, invited: Number(before.invited) + 1 });
    await setSuspended(user.id, true);
    try {
      expect(await materials()).toEqual(before);
    } finally {
      await setSuspended(user.id, false);
    }
    expect(await materials()).toEqual(invited);
  });

  it("is left out of the active members' ids (the expiry digest's readers)", async () => {
    const activeIds = async () =>
      (await rpc.call(identityRpc.activeMemberIds, { organizationId: acme }))
        .flatMap((group) => group.userIds)
        .sort((a, b) => a - b);
    const before = await activeIds();
    expect(before).toEqual([id.ann, id.otto].sort((a, b) => a! - b!));
    await setSuspended(id.otto!, true);
    try {
      expect(await activeIds()).toEqual([id.ann]);
    } finally {
      await setSuspended(id.otto!, false);
    }
    expect(await activeIds()).toEqual(before);
  });

  it("completes no 'Create admin users' step, nor does a pending admin", async () => {
    const adminsStep = async () => {
      const step = (await root.call(api.adminOverview)).onboarding.find(
        (item) => item.key === 'admins',
      )!;
      return [step.done, step.text.params.admins, step.detail];
    };
    expect(await adminsStep()).toEqual([true, 1, '1 admin user(s)']);
    // An admin invited, not yet accepted: nobody who can act yet.
    const ada = await stack.createUser({
      email: 'ada@acme.test',
      role: 'admin',
      organizationId: acme,
      isActive: false,
    });
    expect(await adminsStep()).toEqual([true, 1, '1 admin user(s)']);
    // Ann suspended, the last admin who could act: the step is to do again.
    await stack.sql.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [id.ann]);
    try {
      expect(await adminsStep()).toEqual([false, 0, '0 admin user(s)']);
    } finally {
      await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [id.ann]);
      await stack.sql.query(`DELETE FROM users WHERE id = $1`, [ada]);
    }
    expect(await adminsStep()).toEqual([true, 1, '1 admin user(s)']);
  });
});
