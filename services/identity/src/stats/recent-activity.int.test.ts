import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { IdentityFigures } from '../reporting/identity-figures.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { StatsService } from './stats.service.js';

/** Issue #35: the Hub's Recent Activity is not the same person several times in a row. */
describe("the Hub's recent sign-ins", () => {
  let resources: TestResources;
  let db: DataSource;
  let admin: Actor;
  const ids = { ada: 0, bob: 0 };

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    const [works] = (await db.query(
      `INSERT INTO organizations (name, display_name, domain) VALUES ('works', 'Works', 'works.example') RETURNING id`,
    )) as { id: number }[];
    [ids.ada, ids.bob] = (
      (await db.query(
        `INSERT INTO users (email, name, role, organization_id, is_active)
         VALUES ('ada@works.example', 'Ada', 'admin', $1, true),
                ('bob@works.example', 'Bob', 'operator', $1, true)
         RETURNING id`,
        [works!.id],
      )) as { id: number }[]
    ).map((row) => row.id) as [number, number];
    admin = { userId: ids.ada, organizationId: works!.id, role: 'admin' };
    // Today (UTC): Ada three times, Bob once in between; yesterday: Ada once.
    const today = `date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
    await db.query(
      `INSERT INTO sign_in_events (user_id, organization_id, method, occurred_at)
       VALUES ($1, $3, 'password', ${today} + interval '1 minute'),
              ($2, $3, 'password', ${today} + interval '2 minutes'),
              ($1, $3, 'password', ${today} + interval '3 minutes'),
              ($1, $3, 'saml', ${today} + interval '4 minutes'),
              ($1, $3, 'password', ${today} - interval '2 hours')`,
      [ids.ada, ids.bob, works!.id],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('shows one line per person and day, the latest sign-in with the count', async () => {
    const { events } = await new StatsService(
      new IdentityFigures(db),
      new OrganizationsRepository(db),
    ).recentActivity(admin, 10);
    expect(events.map((event) => [event.userId, event.signInsThatDay, event.method])).toEqual([
      [ids.ada, 3, 'saml'],
      [ids.bob, 1, 'password'],
      [ids.ada, 1, 'password'],
    ]);
  });
});
