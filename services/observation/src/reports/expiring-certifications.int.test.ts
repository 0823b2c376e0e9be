import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, QueryRunner } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { ReportsRepository } from './reports.repository.js';

const ORG = 71;

/**
 * Insights' upcoming goals list certifications in force that expire soon. In force ends at the
 * expiry moment (certificationState: expired once it is reached; inForce: `expires_at > now()`),
 * where the report counted one expiring at that very moment as still to expire.
 */
describe("Insights' expiring certifications", () => {
  let resources: TestResources;
  let db: DataSource;
  let runner: QueryRunner;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    // One transaction: its now() is one moment, so a row can expire exactly when it is read.
    runner = db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, 1, 'Otto', 'sop', 4, 'Expires now', 12, now() - interval '1 year', now(), 'EXP-NOW'),
              ($1, 2, 'Olga', 'sop', 4, 'Expires later', 12, now() - interval '1 year',
               now() + interval '1 hour', 'EXP-LATER')`,
      [ORG],
    );
  });

  afterAll(async () => {
    await runner?.rollbackTransaction();
    await runner?.release();
    await db?.destroy();
    await resources?.release();
  });

  it('leaves out one expiring at this very moment: it is expired, not expiring', async () => {
    const inTransaction = { query: runner.query.bind(runner) } as unknown as DataSource;
    const rows = await new ReportsRepository(inTransaction).expiringCertifications(ORG, 10);
    expect(rows.map((row) => row.title)).toEqual(['Expires later']);
  });
});
