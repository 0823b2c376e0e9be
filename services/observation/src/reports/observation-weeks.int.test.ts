import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { ObservationWeeks1767770000000 } from '../migrations/1767770000000-observation-weeks.js';
import { ObservationWeeksLatest1767856000000 } from '../migrations/1767856000000-observation-weeks-latest.js';
import { InsightPagesRepository } from './insight-pages.repository.js';
import { rerunBackfill } from '../test-support/rerun-backfill.js';

const THIS_WEEK = `date_trunc('week', now() AT TIME ZONE 'UTC')`;
const FIRST_WEEK = `(${THIS_WEEK} - interval '11 weeks')`;
const IN_WINDOW = `o.status = 'completed' AND o.completed_at >= ${FIRST_WEEK} AT TIME ZONE 'UTC'
  AND ($1::int IS NULL OR o.organization_id = $1)`;
const PASS_FIGURES = `count(*)::int AS observations, count(*) FILTER (WHERE o.passed)::int AS passed,
  round(100.0 * count(*) FILTER (WHERE o.passed) / count(*), 1)::float AS "passRate",
  round(avg(o.score), 1)::float AS "averageScore"`;

/**
 * The page's trend and pass rates from the window's observations read one by one (as before
 * observation_weeks), each SOP and observer named by their latest observation.
 */
const TREND_BEFORE = `SELECT to_char(w, 'YYYY-MM-DD') AS week, coalesce(t.completed, 0) AS completed,
    coalesce(t.passed, 0) AS passed, t."averageScore"
  FROM generate_series(${FIRST_WEEK}, ${THIS_WEEK}, interval '1 week') w
  LEFT JOIN (
    SELECT date_trunc('week', o.completed_at AT TIME ZONE 'UTC') AS week,
           count(*)::int AS completed, count(*) FILTER (WHERE o.passed)::int AS passed,
           round(avg(o.score), 1)::float AS "averageScore"
      FROM observations o WHERE ${IN_WINDOW} GROUP BY 1) t ON t.week = w
 ORDER BY w`;
const BY_SOP_BEFORE = `SELECT o.document_id AS "documentId",
    (array_agg(o.evaluation_title ORDER BY o.id DESC))[1] AS title,
    ${PASS_FIGURES}
  FROM observations o WHERE ${IN_WINDOW}
 GROUP BY o.document_id ORDER BY "passRate", observations DESC, o.document_id LIMIT 20`;
const BY_OBSERVER_BEFORE = `SELECT o.observer_id AS "observerId",
    (array_agg(o.observer_name ORDER BY o.id DESC))[1] AS name,
    ${PASS_FIGURES}
  FROM observations o WHERE ${IN_WINDOW}
 GROUP BY o.observer_id ORDER BY observations DESC, o.observer_id LIMIT 20`;

describe('the observations page from the per-week counts', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 41;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    // 600 observations over 20 weeks (some before the window), two organizations, 30 SOPs
    // (titles differing by observation), 25 observers; scores with one decimal, a few
    // unscored; every seventh still in progress. One statement.
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
         score, passed, started_at, completed_at)
       SELECT $1 + n % 2, 1, 1 + n % 30, 'SOP ' || (n % 30) || ' v' || (n % 3), '[]', 100 + n, 'P',
              1 + n % 25, 'Observer ' || (n % 25) || '/' || (n % 4),
              CASE WHEN n % 7 = 0 THEN 'in_progress' ELSE 'completed' END, 80,
              CASE WHEN n % 7 = 0 OR n % 29 = 0 THEN NULL ELSE 40 + (n * 37 % 601) / 10.0 END,
              CASE WHEN n % 7 = 0 THEN NULL ELSE n % 3 <> 0 END,
              now() - make_interval(hours => n * 5),
              CASE WHEN n % 7 <> 0 THEN now() - make_interval(hours => n * 5 - 1) END
         FROM generate_series(1, 600) n`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The trend and both breakdowns equal what reading the window's observations answered. */
  async function expectAsBefore() {
    const pages = new InsightPagesRepository(db);
    for (const scope of [ORG, ORG + 1, ORG + 5, null]) {
      expect(await pages.observationTrend(scope)).toEqual(await db.query(TREND_BEFORE, [scope]));
      expect(await pages.passRateBySop(scope)).toEqual(await db.query(BY_SOP_BEFORE, [scope]));
      expect(await pages.passRateByObserver(scope)).toEqual(
        await db.query(BY_OBSERVER_BEFORE, [scope]),
      );
    }
  }

  it('answers as the window read, from one statement and from the backfill', async () => {
    const trend = (await db.query(TREND_BEFORE, [ORG])) as { completed: number }[];
    expect(trend.filter((week) => week.completed > 0).length).toBeGreaterThan(8);
    await expectAsBefore();
    await rerunBackfill(db, [
      new ObservationWeeks1767770000000(),
      new ObservationWeeksLatest1767856000000(),
    ]);
    await expectAsBefore();
  });

  it('keeps the counts through completions and deletions', async () => {
    const writes = [
      // The service's completion, one observation, then several in one UPDATE.
      `UPDATE observations SET status = 'completed', score = 91.5, passed = true,
              completed_at = now() WHERE id = (SELECT min(id) FROM observations
                                               WHERE status = 'in_progress')`,
      `UPDATE observations SET status = 'completed', score = 55.5, passed = false,
              completed_at = now() - interval '3 days' WHERE status = 'in_progress' AND id % 2 = 0`,
      // A change that no figure reads; a completed observation inserted directly.
      `UPDATE observations SET duration_seconds = 60 WHERE status = 'completed'`,
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
         score, passed, completed_at)
       VALUES (${ORG}, 1, 3, 'SOP 2 v9', '[]', 1, 'P', 2, 'Observer 1/9', 'completed', 80, 80,
               true, now())`,
      // Completed without a completion time (a direct edit): it lies in no week.
      `UPDATE observations SET status = 'completed', score = 70, passed = false
        WHERE id = (SELECT min(id) FROM observations WHERE status = 'in_progress')`,
      `DELETE FROM observations WHERE organization_id = ${ORG + 1}`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsBefore();
    }
    expect(await db.query(`SELECT DISTINCT organization_id FROM observation_weeks`)).toEqual([
      { organization_id: ORG },
    ]);
  });

  it('names a SOP and an observer by their latest observation, not the text that sorts last', async () => {
    const complete = (title: string, observer: string) =>
      db.query(
        `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
           questions, operator_id, operator_name, observer_id, observer_name, status, pass_mark,
           score, passed, completed_at)
         VALUES ($1, 1, 77, $2, '[]', 1, 'P', 99, $3, 'completed', 80, 90, true, now())`,
        [ORG + 5, title, observer],
      );
    await complete('Zinc plating v1', 'Zed Observer');
    await complete('Plating (2026)', 'Amy Observer');
    const pages = new InsightPagesRepository(db);
    const bySop = (await pages.passRateBySop(ORG + 5)) as { documentId: number; title: string }[];
    expect(bySop.find((row) => row.documentId === 77)?.title).toBe('Plating (2026)');
    const byObserver = (await pages.passRateByObserver(ORG + 5)) as {
      observerId: number;
      name: string;
    }[];
    expect(byObserver.find((row) => row.observerId === 99)?.name).toBe('Amy Observer');
    await expectAsBefore();
  });
});
