import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { inZone } from '../test-support/database-zone.js';
import { RecommendationsRepository } from './recommendations.repository.js';

/**
 * "Implemented this quarter" began the quarter at midnight in the database server's own time
 * zone (date_trunc of a timestamptz), so it depended on how the server was installed; the
 * product's other periods are UTC's.
 */
describe('recommendations implemented this quarter', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    // A server installed in Los Angeles: its sessions' zone is UTC-7/-8.
    db = await openObservationDatabase(inZone(resources.databaseUrl, 'America/Los_Angeles'));
    // Implemented an hour into the UTC quarter: the evening before in Los Angeles.
    await db.query(
      `INSERT INTO recommendations (organization_id, rule, subject_key, category, priority, title,
         description, evidence, action, state, decided_by, decided_by_name, decided_at)
       VALUES ($1, 'supervisor_without_observations', 'supervisor:6', 'Efficiency Improvements',
               'Medium', 'Plan observations with Sue', 'x', '[]', '{}', 'implemented', 1, 'Ann',
               date_trunc('quarter', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 hour')`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('count from the start of the UTC quarter, whatever the server zone', async () => {
    const [zone] = (await db.query(`SHOW timezone`)) as { TimeZone: string }[];
    expect(zone!.TimeZone).toBe('America/Los_Angeles');
    const figures = await new RecommendationsRepository(db).figures(ORG);
    expect(figures.implementedThisQuarter).toBe(1);
  });
});
