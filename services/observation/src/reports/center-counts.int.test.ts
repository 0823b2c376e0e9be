import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * The Observation Center's "completed today" counts from the organization's day start (as the
 * Hub's today's logins and Team Overview's presence do), not from UTC midnight.
 */
describe("the Observation Center's counts", () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;
  const OTHER = 8;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const completed = (organizationId: number, ago: string) =>
      db.query(
        `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
           questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
           score, passed, started_at, completed_at)
         VALUES ($1, 1, 1, 'Cooling', '[]', 21, 'Otto', 30, 'Tess', 'completed', 80, 90, true,
                 now() - $2::interval - interval '5 minutes', now() - $2::interval)`,
        [organizationId, ago],
      );
    // The organization's day began 10 minutes ago: two before it, one after; one elsewhere.
    await completed(ORG, '20 minutes');
    await completed(ORG, '11 minutes');
    await completed(ORG, '1 minute');
    await completed(OTHER, '1 minute');
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const dayStart = async () => {
    const [row] = (await db.query(`SELECT now() - interval '10 minutes' AS since`)) as {
      since: Date;
    }[];
    return row!.since.toISOString();
  };

  it("counts the observations completed since the organization's day began", async () => {
    const counts = await new ReportsRepository(db).centerCounts(ORG, await dayStart());
    expect(counts.completed_today).toBe(1);
  });

  it("counts every organization's for the platform-wide scope", async () => {
    const counts = await new ReportsRepository(db).centerCounts(null, await dayStart());
    expect(counts.completed_today).toBe(2);
  });
});
