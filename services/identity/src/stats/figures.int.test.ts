import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { OverviewService } from '../admin/overview.service.js';
import { StatsService } from './stats.service.js';
import { organizationFigures, userFigures } from '../reporting/figures.js';
import { IdentityFigures } from '../reporting/identity-figures.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';

/** Issue #35: a figure shown under one label in two places is one definition, one query. */
describe('head counts agree wherever they are shown', () => {
  let resources: TestResources;
  let db: DataSource;
  let superAdmin: Actor;
  let admin: Actor;

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    const [platform, works, other] = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('platform', 'Platform', 'platform.example'), ('works', 'Works', 'works.example'),
              ('other', 'Other', 'other.example')
       RETURNING id`,
    )) as { id: number }[];
    const users = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active, last_login)
       VALUES ('root@platform.example', 'Root', 'super_admin', $1, true, now()),
              ('ada@works.example', 'Ada', 'admin', $2, true, now()),
              ('never@works.example', 'Never Signed In', 'operator', $2, true, NULL),
              ('pending@works.example', 'Pending', 'operator', $2, false, NULL),
              ('sam@other.example', 'Sam', 'manager', $3, true, NULL)
       RETURNING id`,
      [platform!.id, works!.id, other!.id],
    )) as { id: number }[];
    superAdmin = { userId: users[0]!.id, organizationId: platform!.id, role: 'super_admin' };
    admin = { userId: users[1]!.id, organizationId: works!.id, role: 'admin' };
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("Active Users: the Hub's figure is the data panel's (active accounts, signed in or not)", async () => {
    const stats = new StatsService(new IdentityFigures(db), new OrganizationsRepository(db));
    const platformWide = await stats.dashboard(superAdmin);
    const panel = await userFigures(db, null);
    expect(platformWide.activeUsers).toBe(4);
    expect(panel.active).toBe(platformWide.activeUsers);
    expect(panel.total).toBe(platformWide.totalUsers);
    expect((await stats.dashboard(admin)).activeUsers).toBe(
      (await userFigures(db, admin.organizationId)).active,
    );
  });

  it("Total Organizations: the console's figure is the one Onboarding names", async () => {
    const overview = await new OverviewService(new IdentityFigures(db)).overview();
    expect(overview.totalOrganizations).toBe(3);
    expect((await organizationFigures(db)).total).toBe(3);
    const step = overview.onboarding.find((item) => item.key === 'organization')!;
    expect(step.detail).toMatch(/^3 organization\(s\)/);
    expect(step.done).toBe(true);
  });
});
