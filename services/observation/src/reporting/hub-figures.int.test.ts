import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { ObservationFigures } from './observation-figures.js';

/**
 * The Hub is everyone's home page: its Performance Score averaged every completed observation
 * of the organization (500,000 at the bench's scale; every organization's for the super
 * administrator) on each visit. The weeks kept by triggers (observation_weeks) answer the same
 * average from a row per week, SOP and observer.
 */
describe("the Hub's performance score", () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;
  const OTHER = 8;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
         score, passed, started_at, completed_at)
       SELECT o.org, 1, o.doc, 'Cooling', '[]', 21, 'Otto', o.observer, 'Tess', o.status, 80,
              o.score, o.score >= 80, now() - o.ago - interval '5 minutes',
              CASE WHEN o.status = 'completed' THEN now() - o.ago END
         FROM (VALUES ($1::int, 1, 30, 'completed', 90.5, interval '400 days'),
                      ($1, 2, 30, 'completed', 61.25, interval '3 days'),
                      ($1, 2, 31, 'completed', 77, interval '1 hour'),
                      ($1, 2, 31, 'in_progress', NULL, interval '1 minute'),
                      ($2, 1, 40, 'completed', 10, interval '2 days'))
              AS o(org, doc, observer, status, score, ago)`,
      [ORG, OTHER],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The figures, and the SQL they were read with. */
  async function read(organizationId: number | null) {
    const statements: string[] = [];
    const recording = {
      query: (sql: string, params?: unknown[]) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    } as DataSource;
    const figures = await new ObservationFigures(recording).hubFigures(organizationId);
    return { figures, statements };
  }

  it('is the average of every completed observation, as avg() answers it', async () => {
    const [expected] = (await db.query(
      `SELECT round(avg(score), 1)::float AS organization,
              (SELECT round(avg(score), 1)::float FROM observations WHERE status = 'completed') AS platform
         FROM observations WHERE status = 'completed' AND organization_id = $1`,
      [ORG],
    )) as { organization: number; platform: number }[];
    expect((await read(ORG)).figures.performanceScore).toBe(expected!.organization);
    expect((await read(null)).figures.performanceScore).toBe(expected!.platform);
    expect((await read(99)).figures.performanceScore).toBeNull();
  });

  it('reads the weeks counted, not every observation', async () => {
    const { statements } = await read(ORG);
    expect(statements.join('\n')).not.toMatch(/FROM observations\b/);
  });
});
