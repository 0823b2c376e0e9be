import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answers of completed observations counted per (organization, UTC week of completion,
 * SOP, question): how many, how many wrong, and the latest observation that answered it (to
 * read the question's text from). The Insights most-missed questions sum the window's weeks
 * of this table (a row per week, SOP and question) instead of probing each of the window's
 * observations for its wrong answers (100,000 observations, 1 M answers at the bench's scale:
 * 3-6 s under load).
 *
 * Kept by statement triggers in the transaction that writes the facts, whatever writes them:
 * an observation's answers are added when it becomes completed (the service's completion),
 * and answers inserted into an observation already completed are added as they come (seeds
 * and tests write completed observations first, then their answers). The service never
 * changes an answer of a completed observation, nor uncompletes one; deleting an
 * organization's observations deletes its rows (OrganizationsRepository). Rows are upserted in
 * key order, so two completions touching the same rows wait for each other, never deadlock.
 * The functions keep the migration's search_path: the bench's seed names the schema itself.
 */
export class QuestionWeeks1767335000000 implements MigrationInterface {
  name = 'QuestionWeeks1767335000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE observation_question_weeks (
         organization_id integer NOT NULL,
         week timestamp NOT NULL,
         document_id integer NOT NULL,
         question_id text NOT NULL,
         answered integer NOT NULL,
         missed integer NOT NULL,
         sample integer NOT NULL,
         PRIMARY KEY (organization_id, week, document_id, question_id))`,
    );
    await db.query(`CREATE INDEX observation_question_weeks_week_idx
      ON observation_question_weeks (week) INCLUDE (document_id, question_id, answered, missed, sample)`);
    await db.query(COMPLETED_FUNCTION);
    await db.query(ANSWERED_FUNCTION);
    await db.query(
      `CREATE TRIGGER observations_question_weeks AFTER UPDATE ON observations
         REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION observation_question_weeks_completed()`,
    );
    await db.query(
      `CREATE TRIGGER observation_responses_question_weeks AFTER INSERT ON observation_responses
         REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION observation_question_weeks_answered()`,
    );
    // The backfill: every completed observation's answers.
    await db.query(
      addAnswers(`observations o JOIN observation_responses r ON r.observation_id = o.id
                    WHERE o.status = 'completed'`),
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER observation_responses_question_weeks ON observation_responses`);
    await db.query(`DROP TRIGGER observations_question_weeks ON observations`);
    await db.query(`DROP FUNCTION observation_question_weeks_answered()`);
    await db.query(`DROP FUNCTION observation_question_weeks_completed()`);
    await db.query(`DROP TABLE observation_question_weeks`);
  }
}

/**
 * Adds answers of completed observations to their weeks; `answers` is a FROM clause that
 * names an observation o and its answer r.
 */
function addAnswers(answers: string): string {
  return `INSERT INTO observation_question_weeks AS t
    (organization_id, week, document_id, question_id, answered, missed, sample)
  SELECT o.organization_id, date_trunc('week', o.completed_at AT TIME ZONE 'UTC'), o.document_id,
         r.question_id, count(*)::int, count(*) FILTER (WHERE NOT r.correct)::int, max(o.id)
    FROM ${answers}
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, week, document_id, question_id) DO UPDATE
    SET answered = t.answered + EXCLUDED.answered, missed = t.missed + EXCLUDED.missed,
        sample = greatest(t.sample, EXCLUDED.sample)`;
}

/** An UPDATE of observations: the answers of those it completed. */
const COMPLETED_FUNCTION = `
CREATE FUNCTION observation_question_weeks_completed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows p ON p.id = n.id
              WHERE n.status = 'completed' AND p.status IS DISTINCT FROM 'completed') THEN
    ${addAnswers(`new_rows o JOIN old_rows p ON p.id = o.id
      JOIN observation_responses r ON r.observation_id = o.id
     WHERE o.status = 'completed' AND p.status IS DISTINCT FROM 'completed'`)};
  END IF;
  RETURN NULL;
END $$`;

/** An INSERT of answers: those into observations already completed. */
const ANSWERED_FUNCTION = `
CREATE FUNCTION observation_question_weeks_answered() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  ${addAnswers(`new_rows r JOIN observations o ON o.id = r.observation_id
   WHERE o.status = 'completed'`)};
  RETURN NULL;
END $$`;
