import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import { inZone } from '../test-support/database-zone.js';
import { CertificationsRepository } from './certifications.repository.js';

const ORG = 91;

describe("the certifications page's 'Completed This Month'", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(inZone(resources.databaseUrl, 'Pacific/Auckland'));
    // An hour before this UTC month began, and an hour after.
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, n, 'Holder ' || n, 'sop', 4, 'Cooling', 12, at, at + interval '1 year', 'SUMM-' || n
         FROM (SELECT n, date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                         + make_interval(hours => CASE n WHEN 1 THEN -1 ELSE 1 END) AS at
                 FROM generate_series(1, 2) n) rows`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('counts the UTC month, as Insights counts the months, whatever zone the database is set to', async () => {
    const summary = await new CertificationsRepository(db).summary(ORG, null);
    expect(summary.completedThisMonth).toBe(1);
  });
});
