import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { insertOrganizations } from '../test-support/organizations.js';
import { UsersRepository } from './users.repository.js';

// 10:00 UTC on 15 June: 22:00 that day in Auckland (NZST, UTC+12), whose day began at 12:00 UTC
// the day before. Explicit instants: nothing here depends on the wall clock.
const NOW = new Date('2026-06-15T10:00:00Z');
const LATE_EVENING_UTC = '2026-06-14T23:30:00Z';
const AUCKLAND_YESTERDAY = '2026-06-14T11:30:00Z'; // 23:30 on the 14th in Auckland

/** "Today" begins at local midnight in the organization's default time zone, UTC when none. */
describe("identity's today: the organization's day", () => {
  let resources: TestResources;
  let db: DataSource;
  let users: UsersRepository;
  let auckland: number, utc: number, unset: number;
  const people: Record<string, number> = {};

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    users = new UsersRepository(db);
    [auckland, utc, unset] = (await insertOrganizations(db, 3)) as [number, number, number];
    await db.query(
      `UPDATE organizations SET default_time_zone = CASE id WHEN $1 THEN 'Pacific/Auckland'
              WHEN $2 THEN 'UTC' END WHERE id IN ($1, $2)`,
      [auckland, utc],
    );
    const signIn = async (key: string, organizationId: number, at: string) => {
      const [row] = (await db.query(
        `INSERT INTO users (email, name, role, organization_id, is_active)
         VALUES ($1 || '@example.test', $1, 'operator', $2, true) RETURNING id`,
        [key, organizationId],
      )) as { id: number }[];
      people[key] = row!.id;
      await db.query(
        `INSERT INTO sign_in_events (user_id, organization_id, method, occurred_at)
         VALUES ($1, $2, 'password', $3)`,
        [row!.id, organizationId, at],
      );
    };
    await signIn('kiri', auckland, LATE_EVENING_UTC);
    await signIn('mere', auckland, AUCKLAND_YESTERDAY);
    await signIn('uma', utc, LATE_EVENING_UTC);
    await signIn('noa', unset, LATE_EVENING_UTC);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('begins at local midnight in the default zone, UTC when none', async () => {
    const since = async (organizationId: number, now: Date) =>
      (await users.findOrganizationDay(organizationId, now)).since;
    expect(await since(auckland, NOW)).toEqual(new Date('2026-06-14T12:00:00Z'));
    expect(await since(utc, NOW)).toEqual(new Date('2026-06-15T00:00Z'));
    expect(await since(unset, NOW)).toEqual(new Date('2026-06-15T00:00Z'));
    expect(await since(0, NOW)).toEqual(new Date('2026-06-15T00:00Z'));
  });

  /** A due date is a calendar date: services compare it with the organization's, not UTC's. */
  it("answers the organization's calendar date with its day's start", async () => {
    // 23:45 UTC on the 14th: already 11:45 on the 15th in Auckland.
    const lateEvening = new Date('2026-06-14T23:45:00Z');
    expect(await users.findOrganizationDay(auckland, lateEvening)).toEqual({
      since: new Date('2026-06-14T12:00:00Z'),
      date: '2026-06-15',
    });
    expect(await users.findOrganizationDay(utc, lateEvening)).toEqual({
      since: new Date('2026-06-14T00:00:00Z'),
      date: '2026-06-14',
    });
    expect((await users.findOrganizationDay(unset, lateEvening)).date).toBe('2026-06-14');
    expect((await users.findOrganizationDay(0, lateEvening)).date).toBe('2026-06-14');
  });

  it('counts a sign-in at 23:30 UTC the day before as today in Auckland, not in UTC', async () => {
    expect(await users.findSignedInTodayIds(auckland, undefined, NOW)).toEqual([people.kiri]);
    expect(await users.findSignedInTodayIds(utc, undefined, NOW)).toEqual([]);
    expect(await users.findSignedInTodayIds(unset, undefined, NOW)).toEqual([]);
    expect(await users.findSignedInTodayIds(auckland, [people.mere!], NOW)).toEqual([]);
  });

  it('is the UTC day for an organization in UTC an hour later', async () => {
    const nextMorning = new Date('2026-06-15T00:30:00Z');
    expect(await users.findSignedInTodayIds(utc, undefined, nextMorning)).toEqual([]);
    const sameEvening = new Date('2026-06-14T23:45:00Z');
    expect(await users.findSignedInTodayIds(utc, undefined, sameEvening)).toEqual([people.uma]);
  });
});
