import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, api, integrationRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { readIdentityConfig } from '../../identity/src/config.js';
import { startIdentity } from '../../identity/src/identity.app.js';
import { readIntegrationConfig } from '../../integration/src/config.js';
import { startIntegration } from '../../integration/src/integration.app.js';
import { parseAnswer } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * Someone suspended through SCIM is present nowhere on the floor, and stays so with identity
 * stopped, even for an integration process started meanwhile: identity announces suspensions
 * and restorations (`member.suspended`, `member.restored`) through its outbox, and the floor
 * reads its own record of them, never identity.
 */

const PASSWORD = 'Floor-Suspensions-1!';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

let stack: TestStack;
let rpc: RpcClient;
let scimSecret: string;
let acme: number;
let actor: Actor;
const id: Record<string, number> = {};

async function scim(method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${stack.url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${scimSecret}`, 'content-type': 'application/scim+json' },
    body: JSON.stringify(body),
  });
}

/** Suspends (or restores) a member as their organization's identity provider does. */
async function setSuspended(userId: number, suspended: boolean): Promise<void> {
  const response = await scim('PATCH', `/Users/${userId}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', value: { active: !suspended } }],
  });
  expect(response.status).toBe(200);
}

/** Identity's events all relayed to the bus (its outbox has no pending row). */
async function relayed(): Promise<void> {
  await expect
    .poll(async () => {
      const { rows } = await stack.sql.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM outbox WHERE sent_at IS NULL`,
      );
      return rows[0]!.pending;
    })
    .toBe(0);
}

const present = async () => (await rpc.call(integrationRpc.floorStats, { actor })).workersPresent;

beforeAll(async () => {
  stack = await startTestStack();
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  acme = await stack.createOrganization('Acme Floor', 'acme-floor.test');
  for (const [name, role] of [
    ['ann', 'admin'],
    ['olga', 'operator'],
    ['otto', 'operator'],
  ] as const)
    id[name] = await stack.createUser({
      email: `${name}@acme-floor.test`,
      name,
      role,
      organizationId: acme,
      password: PASSWORD,
    });
  actor = { userId: id.ann!, organizationId: acme, role: 'admin' };
  const ann = await signedIn(stack, 'ann@acme-floor.test', PASSWORD);
  const token = await ann.send(api.createScimToken, { body: { name: 'Okta' } });
  scimSecret = parseAnswer(api.createScimToken, token).secret;
  // Olga and Otto seen on the floor a minute ago.
  await stack.sql.query(
    `INSERT INTO integration.presence_events (organization_id, person_id, camera_id, seen_at,
       confidence)
     SELECT $1, person, 'cam-1', now() - interval '1 minute', 0.9 FROM unnest($2::int[]) person`,
    [acme, [id.olga, id.otto]],
  );
}, 180_000);

afterAll(async () => {
  await rpc?.close();
  await stack?.stop();
});

describe('a member suspended through SCIM, on the floor', () => {
  it('is present nowhere, identity stopped and integration started since; restored, present again', async () => {
    expect(await present()).toBe(2);
    await setSuspended(id.olga!, true);
    await relayed();
    await stack.identity.close();
    try {
      await expect.poll(present, { timeout: 10_000 }).toBe(1);
      // A process started while identity is away knows it as well.
      await integrationRestarted();
      expect(await present()).toBe(1);
    } finally {
      Object.assign(stack.identity, await startIdentity(readIdentityConfig(stack.env)));
    }
    await setSuspended(id.olga!, false);
    await expect.poll(present, { timeout: 10_000 }).toBe(2);
  }, 120_000);

  it('is recorded, and present nowhere, when provisioned suspended', async () => {
    const created = await scim('POST', '/Users', {
      schemas: [USER],
      userName: 'ivy@acme-floor.test',
      active: false,
    });
    expect(created.status).toBe(201);
    const ivy = Number(((await created.json()) as { id: string }).id);
    await stack.sql.query(
      `INSERT INTO integration.presence_events (organization_id, person_id, camera_id, seen_at,
         confidence)
       VALUES ($1, $2, 'cam-1', now() - interval '1 minute', 0.9)`,
      [acme, ivy],
    );
    await expect
      .poll(async () => {
        const { rows } = await stack.sql.query<{ suspended: boolean }>(
          `SELECT suspended FROM integration.member_suspensions WHERE user_id = $1`,
          [ivy],
        );
        return rows[0]?.suspended;
      })
      .toBe(true);
    expect(await present()).toBe(2);
  });
});

/** Integration's record of a member, as its events or its reconciliation left it. */
const recorded = async (userId: number) => {
  const { rows } = await stack.sql.query<{ suspended: boolean; changed_at: Date }>(
    `SELECT suspended, changed_at FROM integration.member_suspensions WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
};

/** Integration started afresh, as after an upgrade; the stack closes the new one at its stop. */
async function integrationRestarted(): Promise<void> {
  await stack.integration.close();
  Object.assign(stack.integration, await startIntegration(readIntegrationConfig(stack.env)));
}

/**
 * A suspension whose event was lost (acknowledged and ignored by an older integration during a
 * rolling upgrade, or never written) is still known to the floor once integration starts: it
 * reconciles its record with identity's suspended members at each start.
 */
describe('a suspension or a restoration whose event was lost', () => {
  let uma: number;
  let before: number;

  beforeAll(async () => {
    uma = await stack.createUser({
      email: 'uma@acme-floor.test',
      name: 'uma',
      role: 'operator',
      organizationId: acme,
      password: PASSWORD,
    });
    await stack.sql.query(
      `INSERT INTO integration.presence_events (organization_id, person_id, camera_id, seen_at,
         confidence)
       VALUES ($1, $2, 'cam-1', now() - interval '1 minute', 0.9)`,
      [acme, uma],
    );
    before = await present();
  });

  it('is recorded, with its instant, by an integration started afresh; the floor leaves it out', async () => {
    // Suspended in identity's table alone: no event in the outbox, as one the old code ignored.
    await stack.sql.query(`UPDATE users SET suspended_at = '2026-12-01T10:00:00Z' WHERE id = $1`, [
      uma,
    ]);
    expect(await recorded(uma)).toBeUndefined();
    expect(await present()).toBe(before);
    await integrationRestarted();
    await expect.poll(async () => (await recorded(uma))?.suspended, { timeout: 10_000 }).toBe(true);
    expect((await recorded(uma))!.changed_at.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(await present()).toBe(before - 1);
  }, 120_000);

  it('and a restoration whose event was lost is healed by the next start: counted again', async () => {
    await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [uma]);
    expect(await present()).toBe(before - 1);
    await integrationRestarted();
    await expect
      .poll(async () => (await recorded(uma))?.suspended, { timeout: 10_000 })
      .toBe(false);
    // Restored at identity's clock when it was asked: after the suspension it clears.
    const { rows } = await stack.sql.query<{ now: Date }>(`SELECT now() AS now`);
    const changedAt = (await recorded(uma))!.changed_at.getTime();
    expect(changedAt).toBeGreaterThan(Date.parse('2026-12-01T10:00:00.000Z'));
    expect(changedAt).toBeLessThanOrEqual(rows[0]!.now.getTime());
    expect(await present()).toBe(before);
  }, 120_000);
});
