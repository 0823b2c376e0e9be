import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { InsightPagesRepository } from './insight-pages.repository.js';

const FIRST_WEEK = `(date_trunc('week', now() AT TIME ZONE 'UTC') - interval '11 weeks')`;

/**
 * The most-missed questions before the per-week counts: read from the window's observations
 * and their answers one by one (the statement of 1767320000000's time, without its plan
 * hints).
 */
const FROM_ANSWERS = `WITH win AS (
    SELECT o.id, o.document_id FROM observations o
     WHERE o.status = 'completed' AND o.completed_at >= ${FIRST_WEEK} AT TIME ZONE 'UTC'
       AND ($1::int IS NULL OR o.organization_id = $1)),
  missed AS (
    SELECT w.document_id, r.question_id, count(*)::int AS answered,
           count(*) FILTER (WHERE NOT r.correct)::int AS missed, max(w.id) AS sample
      FROM win w JOIN observation_responses r ON r.observation_id = w.id
     GROUP BY w.document_id, r.question_id HAVING count(*) FILTER (WHERE NOT r.correct) > 0
     ORDER BY missed DESC, answered, w.document_id, r.question_id LIMIT 10)
  SELECT m.document_id AS "documentId", o.evaluation_title AS "sopTitle",
         m.question_id AS "questionId",
         coalesce((SELECT q->>'text' FROM jsonb_array_elements(o.questions) q
                    WHERE q->>'id' = m.question_id LIMIT 1), m.question_id) AS text,
         m.answered, m.missed, round(100.0 * m.missed / m.answered, 1)::float AS "missRate"
    FROM missed m JOIN observations o ON o.id = m.sample
   ORDER BY m.missed DESC, m.answered, m.document_id, m.question_id`;

const QUESTIONS = ['q1', 'q2', 'q3', 'q4'];

/** A deterministic spread: observation n's answer to question k is wrong or right. */
function wrong(n: number, k: number): boolean {
  return (n * 7 + k * 3) % (k + 2) === 0;
}

describe('the most-missed questions from the per-week counts', () => {
  let resources: TestResources;
  let db: DataSource;
  let pages: InsightPagesRepository;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    pages = new InsightPagesRepository(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** An observation of SOP `document` `daysAgo`, answered (in progress: not yet completed). */
  async function observe(org: number, document: number, daysAgo: number, n: number) {
    const questions = QUESTIONS.slice(0, 2 + (document % 3)).map((id) => ({
      id,
      text: `SOP ${document} ${id} v${n % 2}`,
      options: ['a', 'b'],
      correctIndex: 0,
    }));
    const [{ id }] = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, started_at)
       VALUES ($1, 1, $2, $3, $4, $5, 'Op', 1, 'Obs', 80, now() - $6 * interval '1 day')
       RETURNING id`,
      [org, document, `SOP ${document}`, JSON.stringify(questions), n, daysAgo],
    )) as [{ id: number }];
    for (const [k, question] of questions.entries()) {
      await db.query(
        `INSERT INTO observation_responses (observation_id, question_id, selected_option,
           selected_option_text, correct, time_spent_seconds, manager_notes)
         VALUES ($1, $2, 'A', 'a', $3, 1, '')`,
        [id, question.id, !wrong(n, k)],
      );
    }
    return id;
  }

  it('answers what the window read answered, by organization and platform-wide', async () => {
    // Two organizations, 6 SOPs, 20 weeks back (some before the window, some on its edges).
    const completions: { id: number; daysAgo: number }[] = [];
    for (let n = 0; n < 240; n++) {
      const org = n % 5 === 0 ? 2 : 1;
      const daysAgo = (n * 13) % 140;
      const id = await observe(org, 100 + (n % 6), daysAgo, n);
      if (n % 9 !== 0) completions.push({ id, daysAgo });
    }
    // Completed as the service completes them (one UPDATE each), a few in one statement.
    for (const { id, daysAgo } of completions.slice(0, 150)) {
      await db.query(
        `UPDATE observations SET status = 'completed', score = 50, passed = false,
           completed_at = now() - $2 * interval '1 day' WHERE id = $1`,
        [id, daysAgo],
      );
    }
    await db.query(
      `UPDATE observations SET status = 'completed', score = 50, passed = false,
         completed_at = started_at WHERE id = ANY($1::int[])`,
      [completions.slice(150).map((c) => c.id)],
    );
    // A completed observation whose answers come after (as seeds and tests write them).
    const [{ id: late }] = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, completed_at)
       VALUES (1, 1, 101, 'SOP 101', '[]', 1, 'Op', 1, 'Obs', 80, 'completed', 0, false, now())
       RETURNING id`,
    )) as [{ id: number }];
    await db.query(
      `INSERT INTO observation_responses (observation_id, question_id, selected_option,
         selected_option_text, correct, time_spent_seconds, manager_notes)
       VALUES ($1, 'q1', 'B', 'b', false, 1, ''), ($1, 'q9', 'B', 'b', false, 1, '')`,
      [late],
    );

    for (const scope of [1, 2, null, 3]) {
      const expected = await db.query(FROM_ANSWERS, [scope]);
      expect(await pages.mostMissed(scope)).toEqual(expected);
    }
    expect((await pages.mostMissed(1)).length).toBe(10);
    expect((await pages.mostMissed(2)).length).toBeGreaterThan(3);
  });
});
