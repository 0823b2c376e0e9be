import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { insertOrganizations } from '../test-support/organizations.js';
import { IdentityFigures } from './identity-figures.js';

// 22:00 in Auckland (NZST, UTC+12) on 15 June, whose day began at 12:00 UTC on the 14th.
const NOW = new Date('2026-06-15T10:00:00Z');

/** The Hub's Today's Logins count the organization's day, not the UTC one. */
describe("today's logins", () => {
  let resources: TestResources;
  let db: DataSource;
  let figures: IdentityFigures;
  let auckland: number, utc: number, plus12: number;

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    figures = new IdentityFigures(db);
    [auckland, utc, plus12] = (await insertOrganizations(db, 3)) as [number, number, number];
    await db.query(
      `UPDATE organizations SET default_time_zone = 'Pacific/Auckland' WHERE id = $1`,
      [auckland],
    );
    // One person of each signed in at 23:30 UTC on the 14th.
    await db.query(
      `WITH people AS (
         INSERT INTO users (email, name, role, organization_id, is_active)
         VALUES ('kiri@example.test', 'Kiri', 'operator', $1, true),
                ('uma@example.test', 'Uma', 'operator', $2, true)
         RETURNING id, organization_id)
       INSERT INTO sign_in_events (user_id, organization_id, method, occurred_at)
       SELECT id, organization_id, 'password', '2026-06-14T23:30:00Z' FROM people`,
      [auckland, utc],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('counts a sign-in at 23:30 UTC the day before in Auckland, not in UTC', async () => {
    expect((await figures.userCounts(auckland, NOW))?.signed_in_today).toBe(1);
    expect((await figures.userCounts(utc, NOW))?.signed_in_today).toBe(0);
  });

  it("counts each person's own organization's day across the platform", async () => {
    expect((await figures.userCounts(null, NOW))?.signed_in_today).toBe(1);
  });

  it("groups the recent sign-ins by each organization's day", async () => {
    // 11:30 and 12:30 UTC yesterday: one UTC day, two days at UTC+12 (23:30 and 00:30).
    await db.query(`UPDATE organizations SET default_time_zone = 'Etc/GMT-12' WHERE id = $1`, [
      plus12,
    ]);
    const yesterday = `date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'`;
    await db.query(
      `WITH people AS (
         INSERT INTO users (email, name, role, organization_id, is_active)
         VALUES ('tama@example.test', 'Tama', 'operator', $1, true),
                ('ulla@example.test', 'Ulla', 'operator', $2, true)
         RETURNING id, organization_id)
       INSERT INTO sign_in_events (user_id, organization_id, method, occurred_at)
       SELECT id, organization_id, 'password', ${yesterday} + at
         FROM people, unnest(ARRAY[interval '11 hours 30 minutes', interval '12 hours 30 minutes']) at`,
      [plus12, utc],
    );
    const counts = async (organizationId: number) =>
      (await figures.recentSignIns(organizationId, 10)).map((row) => row.times);
    expect(await counts(plus12)).toEqual([1, 1]);
    expect(await counts(utc)).toEqual([2]);
  });
});
