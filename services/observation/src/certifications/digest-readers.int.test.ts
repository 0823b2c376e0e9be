import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { identityRpc, type RpcContract } from '@hub/proto';
import { type RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { PlayedMemberIds, type PlayedPerson } from '../test-support/played-member-ids.js';
import { CertificationExpirySweep } from './expiry-sweep.js';

const ACME = 81;
const OTHER = 82;
/** Ids a page: Acme's supervisors and observers take several. */
const ID_PAGE = 2;

const person = (id: number, role: string, more: Partial<PlayedPerson> = {}): PlayedPerson => ({
  id,
  organizationId: ACME,
  role,
  isActive: true,
  suspended: false,
  ...more,
});

/** Acme's active supervisors: whom the digest tells, whatever they observed. */
const SUPERVISORS = [11, 12, 13, 14, 15];
/** Observers of the certifications: two managers, one since made an operator, one suspended. */
const OBSERVERS = { manager: 21, admin: 22, operator: 23, suspended: 24 };
const PEOPLE: PlayedPerson[] = [
  ...SUPERVISORS.map((id) => person(id, 'training_supervisor')),
  person(16, 'training_supervisor', { suspended: true }),
  person(17, 'training_supervisor', { isActive: false }),
  person(18, 'training_supervisor', { organizationId: OTHER }),
  person(OBSERVERS.manager, 'manager'),
  person(OBSERVERS.admin, 'admin'),
  person(OBSERVERS.operator, 'operator'),
  person(OBSERVERS.suspended, 'manager', { suspended: true }),
  ...[31, 32, 33, 34].map((id) => person(id, 'operator')),
];

/**
 * The certification digest's readers were every active id of the organization by role, in one
 * answer (100,000 people's); they are now the supervisors' ids a page at a time and, of the
 * observers who issued the digest's certifications, those active with a reader's role.
 */
describe("the certification digest's readers, a page of ids at a time", () => {
  let resources: TestResources;
  let db: DataSource;
  const ids = new PlayedMemberIds(PEOPLE);
  const told = new Map<string, number[]>();

  const rpc = {
    call: (contract: RpcContract, request: unknown): Promise<unknown> => {
      if (contract === identityRpc.memberIdPage) return Promise.resolve(ids.page(request));
      if (contract === identityRpc.membersByIds) {
        const { userIds } = request as { userIds: number[] };
        return Promise.resolve(userIds.map((id) => ({ id, suspended: false })));
      }
      if (contract === identityRpc.notifyEach) return Promise.resolve({ delivered: 1 });
      if (contract === identityRpc.notify) {
        const { key, userIds } = request as { key: string; userIds: number[] };
        told.set(key, [...(told.get(key) ?? []), ...userIds]);
        return Promise.resolve({ delivered: userIds.length });
      }
      return Promise.reject(new Error(`unexpected call ${contract.pattern}`));
    },
  } as unknown as RpcClient;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const observers = [...Object.values(OBSERVERS), SUPERVISORS[0]!];
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         observer_id, validity_months, issued_at, expires_at, verification_code)
       SELECT $1, 30 + n, 'Holder', 'sop', 4, 'Cooling', o.observer_id, 12,
              now() - interval '50 weeks', now() + interval '10 days', 'READERS-' || n
         FROM unnest($2::int[]) WITH ORDINALITY AS o(observer_id, n)`,
      [ACME, observers],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('tells the active supervisors and the reading observers, every page of them', async () => {
    const sweep = new CertificationExpirySweep(
      db,
      rpc,
      new WebhookAnnouncer({ publish: () => Promise.resolve() }),
      ID_PAGE,
    );
    expect(await sweep.run()).toBe(5);
    const [key, readers] = [...told].find(([key]) => key.startsWith('certification-digest:'))!;
    expect(key).toMatch(new RegExp(`^certification-digest:${ACME}:`));
    expect([...readers].sort((a, b) => a - b)).toEqual([
      ...SUPERVISORS,
      OBSERVERS.manager,
      OBSERVERS.admin,
    ]);
    // Several pages, none beyond its bound.
    expect(ids.answered.length).toBeGreaterThan(3);
    expect(Math.max(...ids.answered)).toBeLessThanOrEqual(ID_PAGE);
  });
});
