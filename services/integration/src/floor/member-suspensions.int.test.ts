import 'reflect-metadata';
import { claimTestResources, type TestResources } from '@hub/testing';
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
  resources = claimTestResources();
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
