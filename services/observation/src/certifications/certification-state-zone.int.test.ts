import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { inZone, zoneSpringingForwardSoon, sessionZone } from '../test-support/database-zone.js';
import { CertificationsRepository } from './certifications.repository.js';

const ORG = 92;

describe('the expiring-soon window, whatever zone the database is set to', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    const zone = zoneSpringingForwardSoon(new Date());
    db = await openObservationDatabase(inZone(resources.databaseUrl, zone));
    // Half an hour inside 30 days of 24 hours from now (certificationState's window), and half
    // an hour past it: 30 days on the session's clock would be an hour shorter.
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, n, 'Holder ' || n, 'sop', 4, 'Cooling', 12, now(),
              now() + make_interval(mins => 30 * 24 * 60 + CASE n WHEN 1 THEN -30 ELSE 30 END),
              'ZONE-' || n
         FROM generate_series(1, 2) n`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('is 30 days of 24 hours, as certificationState counts it, across a daylight-saving change', async () => {
    expect(await sessionZone(db)).toMatch(/^<\+00>0<\+01>-1,/);
    const summary = await new CertificationsRepository(db).summary(ORG, null, 'UTC');
    expect(summary).toMatchObject({ expiringSoon: 1, active: 1 });
  });

  it('announces expiring soon on the same window, not an hour off', async () => {
    const repository = new CertificationsRepository(db);
    const due = await repository.transaction((tx) => repository.lockDueForAnnouncement(tx, 100));
    const holders = due.filter((row) => row.organization_id === ORG).map((row) => row.user_id);
    expect(holders).toEqual([1]);
  });
});
