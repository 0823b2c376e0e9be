import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, integrationRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { readIntegrationConfig } from '../../integration/src/config.js';
import { startIntegration } from '../../integration/src/integration.app.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * A suspension whose event was lost (acknowledged and ignored by an older integration during a
 * rolling upgrade, or never written) is still known to the floor once integration starts: it
 * reconciles its record with identity's suspended members at each start.
 */

let stack: TestStack;
let rpc: RpcClient;
let acme: number;
let actor: Actor;
const id: Record<string, number> = {};

const present = async () => (await rpc.call(integrationRpc.floorStats, { actor })).workersPresent;

const recorded = async (userId: number) => {
  const { rows } = await stack.sql.query<{ suspended: boolean; changed_at: Date }>(
    `SELECT suspended, changed_at FROM integration.member_suspensions WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
};

beforeAll(async () => {
  stack = await startTestStack();
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  acme = await stack.createOrganization('Acme Reconciled', 'acme-reconciled.test');
  for (const [name, role] of [
    ['ann', 'admin'],
    ['olga', 'operator'],
    ['otto', 'operator'],
  ] as const)
    id[name] = await stack.createUser({
      email: `${name}@acme-reconciled.test`,
      name,
      role,
      organizationId: acme,
      password: 'Floor-Reconciled-1!',
    });
  actor = { userId: id.ann!, organizationId: acme, role: 'admin' };
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

describe('a suspension whose event was lost', () => {
  it('is recorded, with its instant, by an integration started afresh; the floor leaves it out', async () => {
    expect(await present()).toBe(2);
    // Suspended in identity's table alone: no event in the outbox, as one the old code ignored.
    await stack.sql.query(`UPDATE users SET suspended_at = '2026-12-01T10:00:00Z' WHERE id = $1`, [
      id.olga,
    ]);
    expect(await recorded(id.olga!)).toBeUndefined();
    expect(await present()).toBe(2);
    await stack.integration.close();
    // The same object, which the stack closes at its stop, now the new process.
    Object.assign(stack.integration, await startIntegration(readIntegrationConfig(stack.env)));
    await expect
      .poll(async () => (await recorded(id.olga!))?.suspended, { timeout: 10_000 })
      .toBe(true);
    expect((await recorded(id.olga!))!.changed_at.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(await recorded(id.otto!)).toBeUndefined();
    expect(await present()).toBe(1);
  }, 120_000);

  it('and a restoration whose event was lost are healed by the next start: counted again', async () => {
    // Suspended, as above; restored in identity's table alone (its event lost).
    expect((await recorded(id.olga!))?.suspended).toBe(true);
    await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE id = $1`, [id.olga]);
    expect(await present()).toBe(1);
    await stack.integration.close();
    Object.assign(stack.integration, await startIntegration(readIntegrationConfig(stack.env)));
    await expect
      .poll(async () => (await recorded(id.olga!))?.suspended, { timeout: 10_000 })
      .toBe(false);
    // Restored at identity's clock when it was asked: after the suspension it clears.
    const { rows } = await stack.sql.query<{ now: Date }>(`SELECT now() AS now`);
    const changedAt = (await recorded(id.olga!))!.changed_at.getTime();
    expect(changedAt).toBeGreaterThan(Date.parse('2026-12-01T10:00:00.000Z'));
    expect(changedAt).toBeLessThanOrEqual(rows[0]!.now.getTime());
    expect(await recorded(id.otto!)).toBeUndefined();
    expect(await present()).toBe(2);
  }, 120_000);
});
