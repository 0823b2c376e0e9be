import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { MemberSuspensionsRepository } from './member-suspensions.repository.js';

let resources: TestResources;
let db: DataSource;
let suspensions: MemberSuspensionsRepository;

const suspended = (organizationId: number, userId: number, at: string) =>
  suspensions.record({ type: 'member.suspended', organizationId, userId, at });
const restored = (organizationId: number, userId: number, at: string) =>
  suspensions.record({ type: 'member.restored', organizationId, userId, at });

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  suspensions = new MemberSuspensionsRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe("identity's suspension events, as the floor records them", () => {
  it('are recorded once however often delivered', async () => {
    await suspended(1, 10, '2026-12-01T10:00:00.000Z');
    await suspended(1, 10, '2026-12-01T10:00:00.000Z');
    expect(await suspensions.suspendedAmong(1, [10, 11])).toEqual([10]);
    await restored(1, 10, '2026-12-01T11:00:00.000Z');
    await restored(1, 10, '2026-12-01T11:00:00.000Z');
    expect(await suspensions.suspendedAmong(1, [10, 11])).toEqual([]);
  });

  it('keep the latest change whatever order they arrive in', async () => {
    // Restored at 11:00, the suspension of 10:00 delivered after it (or again).
    await restored(1, 20, '2026-12-01T11:00:00.000Z');
    await suspended(1, 20, '2026-12-01T10:00:00.000Z');
    expect(await suspensions.suspendedAmong(1, [20])).toEqual([]);
    // Suspended again at 12:00, then the old restoration replayed.
    await suspended(1, 20, '2026-12-01T12:00:00.000Z');
    await restored(1, 20, '2026-12-01T11:00:00.000Z');
    expect(await suspensions.suspendedAmong(1, [20])).toEqual([20]);
  });

  it('are of one organization only', async () => {
    await suspended(2, 30, '2026-12-01T10:00:00.000Z');
    expect(await suspensions.suspendedAmong(1, [30])).toEqual([]);
    expect(await suspensions.suspendedAmong(2, [30])).toEqual([30]);
  });

  it('go with the person and with the organization, which none makes again', async () => {
    const organizations = new OrganizationsRepository(db);
    await suspended(3, 40, '2026-12-01T10:00:00.000Z');
    await suspended(3, 41, '2026-12-01T10:00:00.000Z');
    await suspensions.forget(3, 40);
    expect(await suspensions.suspendedAmong(3, [40, 41])).toEqual([41]);
    await organizations.deleteIntegrationDataOf(3, async () => undefined);
    expect(await suspensions.suspendedAmong(3, [40, 41])).toEqual([]);
    // A suspension delivered after the organization's deletion was handled.
    await suspended(3, 42, '2026-12-01T10:00:00.000Z');
    const [row] = (await db.query(
      `SELECT count(*)::int AS count FROM member_suspensions WHERE organization_id = 3`,
    )) as { count: number }[];
    expect(row!.count).toBe(0);
  });
});

describe('after a complete pass of the suspended identity lists', () => {
  // Instants before every other test's, so their rows are never older than this `asOf`.
  const asOf = '2025-06-01T00:00:00.000Z';
  const changedAt = async (userId: number) => {
    const [row] = (await db.query(
      `SELECT suspended, changed_at FROM member_suspensions WHERE organization_id = 5 AND user_id = $1`,
      [userId],
    )) as { suspended: boolean; changed_at: Date }[];
    return { suspended: row!.suspended, at: row!.changed_at.toISOString() };
  };

  it('whoever is still suspended, unlisted and changed before asOf is restored at it', async () => {
    await suspended(5, 50, '2025-01-01T10:00:00.000Z'); // restored in identity, event lost
    await suspended(5, 51, '2025-01-01T10:00:00.000Z'); // listed
    await suspended(5, 52, '2025-07-01T10:00:00.000Z'); // suspended after identity was read
    await restored(5, 53, '2025-01-01T10:00:00.000Z');
    expect(await suspensions.restoreUnlisted(asOf, [{ organizationId: 5, userId: 51 }])).toBe(1);
    expect(await suspensions.suspendedAmong(5, [50, 51, 52, 53])).toEqual([51, 52]);
    expect(await changedAt(50)).toEqual({ suspended: false, at: asOf });
    expect(await changedAt(53)).toEqual({ suspended: false, at: '2025-01-01T10:00:00.000Z' });
    expect(await suspensions.suspendedAmong(1, [20])).toEqual([20]);
    // The old suspension delivered late changes nothing; a later one stands.
    await suspended(5, 50, '2025-01-01T10:00:00.000Z');
    expect(await suspensions.suspendedAmong(5, [50])).toEqual([]);
    await suspended(5, 50, '2025-06-01T00:00:00.001Z');
    expect(await suspensions.suspendedAmong(5, [50])).toEqual([50]);
  });
});
