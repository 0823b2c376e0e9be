import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, CreateFindingRequest } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { FindingsRepository } from './findings.repository.js';
import { ObservationsRepository } from './observations.repository.js';
import { ObservationsService } from './observations.service.js';

const ACME = 67;
const OBSERVER: Actor = { userId: 1000, organizationId: ACME, role: 'training_supervisor' };
const HOUR = 3_600_000;

/**
 * A finding recorded on a phone while offline reaches the server later, from its outbox: it keeps
 * the time it was recorded, within its session, and a repeat of its key records it once.
 */
describe('a finding sent with the time it was recorded', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: ObservationsService;
  /** The session, started two hours ago. */
  let id: number;
  let startedAt: Date;

  const add = (request: Partial<CreateFindingRequest>) =>
    service.addFinding(
      OBSERVER,
      id,
      CreateFindingRequest.parse({
        severity: 'high',
        category: 'safety',
        note: 'Tray',
        ...request,
      }),
    );
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const [row] = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         started_at)
       VALUES ($1, 1, 1, 'T', '[]', 2000, 'P', $2, 'O', 80, 'in_progress', now() - interval '2 hours')
       RETURNING id, started_at`,
      [ACME, OBSERVER.userId],
    )) as { id: number; started_at: Date }[];
    ({ id, started_at: startedAt } = row!);
    // addFinding needs only the observations' and findings' queries.
    const unused = undefined as never;
    service = new ObservationsService(
      new ObservationsRepository(db),
      new FindingsRepository(db),
      unused,
      unused,
      unused,
      unused,
      unused,
      unused,
      unused,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('keeps the time it was recorded on the device', async () => {
    const recordedAt = ago(HOUR);
    expect((await add({ recordedAt })).createdAt).toBe(recordedAt);
  });

  it('is never put in the future or before its session by the device clock', async () => {
    const before = Date.now();
    const future = await add({ recordedAt: new Date(Date.now() + 24 * HOUR).toISOString() });
    expect(Date.parse(future.createdAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(future.createdAt)).toBeGreaterThanOrEqual(before - HOUR);
    const early = await add({ recordedAt: ago(48 * HOUR) });
    expect(early.createdAt).toBe(startedAt.toISOString());
  });

  it('gets the time it arrives without one (clients before it)', async () => {
    const before = Date.now();
    const finding = await add({});
    expect(Date.parse(finding.createdAt)).toBeGreaterThan(before - HOUR);
  });

  it('is recorded once when its outbox sends it again with the same key', async () => {
    const key = crypto.randomUUID();
    const recordedAt = ago(HOUR / 2);
    const first = await add({ recordedAt, idempotencyKey: key });
    const again = await add({ recordedAt, idempotencyKey: key });
    expect(again).toEqual(first);
    const [row] = (await db.query(
      `SELECT count(*)::int AS count FROM findings WHERE observation_id = $1 AND idempotency_key = $2`,
      [id, key],
    )) as { count: number }[];
    expect(row?.count).toBe(1);
  });

  it('refuses a time that is not one', () => {
    expect(
      CreateFindingRequest.safeParse({
        severity: 'high',
        category: 'safety',
        note: 'x',
        recordedAt: 'yesterday',
      }).success,
    ).toBe(false);
  });
});
