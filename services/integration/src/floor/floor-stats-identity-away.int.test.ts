import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import {
  type Actor,
  certificationRpc,
  identityRpc,
  libraryRpc,
  type RpcContract,
} from '@hub/proto';
import { type RpcClient, RpcCallError } from '@hub/kit';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { FloorFigures } from '../reporting/floor-figures.js';
import { FloorAlertsService } from './floor-alerts.js';
import { FloorStatsService } from './floor-stats.js';
import { MemberSuspensionsRepository } from './member-suspensions.repository.js';

const ORG = 7;
const actor: Actor = { userId: 1, organizationId: ORG, role: 'manager' };
const settings = { presenceMinutes: 10, readingMaxAgeMinutes: 30, defaultRetentionDays: 30 };

let resources: TestResources;
let db: DataSource;
const suspensions = () => new MemberSuspensionsRepository(db);
const change = (type: 'member.suspended' | 'member.restored', userId: number, at: string) =>
  suspensions().record({ type, organizationId: ORG, userId, at });

/**
 * The services as the floor asks them: identity answers while up, nothing once stopped; nobody
 * holds a certification; SOP 11 is the library's "Lockout". Suspensions are the floor's own
 * record of identity's events, never asked of identity.
 */
function identity() {
  const state = { up: true, asked: 0 };
  const answers = new Map<string, unknown>([
    [identityRpc.memberIds.pattern, [6]],
    [identityRpc.membersByIds.pattern, []],
    [certificationRpc.inForce.pattern, []],
    [libraryRpc.sopsForAnalysis.pattern, [{ sopId: 11, sopTitle: 'Lockout', textKey: 'k' }]],
  ]);
  const rpc = {
    call: (contract: RpcContract) => {
      if (!answers.has(contract.pattern)) throw new Error(contract.pattern);
      if (contract.service !== 'identity') return Promise.resolve(answers.get(contract.pattern));
      state.asked += 1;
      if (!state.up)
        return Promise.reject(
          new RpcCallError({
            kind: 'unavailable',
            message: 'The identity service did not answer in time.',
          }),
        );
      return Promise.resolve(answers.get(contract.pattern));
    },
  } as unknown as RpcClient;
  const figures = new FloorFigures(db);
  const stats = new FloorStatsService(
    figures,
    settings,
    new FloorAlertsService(figures, settings, rpc),
    suspensions(),
  );
  return { state, stats, rpc };
}

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  // 5 and 6 on the floor a minute ago; 6 is suspended.
  await db.query(
    `INSERT INTO presence_events (organization_id, person_id, camera_id, seen_at, confidence)
     SELECT $1, person, 'cam-1', now() - interval '1 minute', 0.9 FROM unnest('{5,6}'::int[]) person`,
    [ORG],
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('floor stats with identity stopped', () => {
  it('answer, leaving out whom identity said is suspended, without asking it', async () => {
    await change('member.suspended', 6, '2026-12-01T10:00:00.000Z');
    const { state, stats } = identity();
    state.up = false;
    expect((await stats.stats(actor)).workersPresent).toBe(1);
    state.up = true;
    expect((await stats.stats(actor)).workersPresent).toBe(1);
    expect(state.asked).toBe(0);
  });

  it('count someone restored again, identity stopped or not', async () => {
    await change('member.restored', 6, '2026-12-01T11:00:00.000Z');
    const { state, stats } = identity();
    state.up = false;
    expect((await stats.stats(actor)).workersPresent).toBe(2);
  });

  it('name the people of their alerts by id, without identity', async () => {
    // Person 9 of organization 8, a minute ago, on a camera that asks for SOP 11.
    await db.query(
      `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
       VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
    );
    await db.query(
      `WITH a AS (
         INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
           created_by, sop_ids)
         SELECT id, 'cam-9', 'Press', 8, 1, '{11}' FROM integrations RETURNING *),
       run AS (
         INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, status)
         SELECT 'seen-9', organization_id, id, camera_id, 'identified' FROM a
         RETURNING id, organization_id, camera_id)
       INSERT INTO presence_events (organization_id, person_id, camera_id, seen_at, confidence,
         snapshot_run_id)
       SELECT organization_id, 9, camera_id, now() - interval '1 minute', 0.9, id FROM run`,
    );
    const { state, stats } = identity();
    state.up = false;
    const answered = await stats.stats({ ...actor, organizationId: 8 });
    expect(answered.workersPresent).toBe(1);
    expect(answered.alerts).toEqual([
      expect.objectContaining({
        kind: 'uncertified_presence',
        params: { name: 'Person 9', camera: 'Press', sops: 'Lockout' },
      }),
    ]);
  });

  it('still fail on anything but identity being unreachable', async () => {
    const { stats, rpc } = identity();
    const broken = rpc as unknown as { call: () => Promise<never> };
    broken.call = () => Promise.reject(new Error('a bug'));
    await expect(stats.stats({ ...actor, organizationId: 8 })).rejects.toThrow('a bug');
  });
});
