import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OBSERVATION_WEEKS_FUNCTION } from './1767770000000-observation-weeks.js';

/**
 * observation_weeks names each (week, SOP, observer) row by its latest observation (the highest
 * id among those counted), not by the greatest title and observer name among them: a SOP whose
 * new version carries a new title, or an observer who changed their name, showed whichever text
 * sorted last ("SOP v1" over "SOP v2"'s successor "SOP (2026)"). `latest_id` is that
 * observation; a statement's rows replace the names when they hold a later one. Removing the
 * latest observation keeps its names (the service removes observations only with their
 * organization, whose rows go with them).
 */
export class ObservationWeeksLatest1767856000000 implements MigrationInterface {
  name = 'ObservationWeeksLatest1767856000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE observation_weeks ADD COLUMN latest_id integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE observation_weeks ALTER COLUMN latest_id DROP DEFAULT`);
    await db.query(`
      UPDATE observation_weeks t
         SET latest_id = l.id, title = l.evaluation_title, observer_name = l.observer_name
        FROM (SELECT DISTINCT ON (1, 2, 3, 4) organization_id,
                     date_trunc('week', completed_at AT TIME ZONE 'UTC') AS week, document_id,
                     observer_id, id, evaluation_title, observer_name
                FROM observations WHERE status = 'completed' AND completed_at IS NOT NULL
               ORDER BY 1, 2, 3, 4, id DESC) l
       WHERE (t.organization_id, t.week, t.document_id, t.observer_id)
           = (l.organization_id, l.week, l.document_id, l.observer_id)`);
    await db.query(TRIGGER_FUNCTION);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      OBSERVATION_WEEKS_FUNCTION.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'),
    );
    await db.query(`ALTER TABLE observation_weeks DROP COLUMN latest_id`);
  }
}

/** The completed observations in `rows`, each counted `sign` times, as 1767770000000 counts them. */
const counted = (rows: string, sign: string) => `
  SELECT organization_id, date_trunc('week', completed_at AT TIME ZONE 'UTC') AS week,
         document_id, observer_id, ${sign} AS sign, passed, score, id, evaluation_title,
         observer_name
    FROM ${rows} WHERE status = 'completed' AND completed_at IS NOT NULL`;

/** The latest counted observation's `column` of a group (only rows counted in, sign > 0). */
const latest = (column: string) =>
  `coalesce((array_agg(${column} ORDER BY id DESC) FILTER (WHERE sign > 0))[1], '')`;

/** A row's names from the statement's rows when these hold a later observation than it has. */
const laterName = (column: string) =>
  `CASE WHEN excluded.latest_id >= t.latest_id THEN excluded.${column} ELSE t.${column} END`;

/**
 * Adds the differences of the rows `differences` selects (the groups whose figures changed),
 * then drops the rows at 0.
 */
const apply = (differences: string) => `
  INSERT INTO observation_weeks AS t (organization_id, week, document_id, observer_id, completed,
    passed, score_sum, scored, latest_id, title, observer_name)
  SELECT * FROM (
    SELECT organization_id, week, document_id, observer_id, sum(sign)::int AS completed,
           coalesce(sum(sign) FILTER (WHERE passed), 0)::int AS passed,
           coalesce(sum(sign * score), 0) AS score_sum,
           coalesce(sum(sign) FILTER (WHERE score IS NOT NULL), 0)::int AS scored,
           coalesce(max(id) FILTER (WHERE sign > 0), 0) AS latest_id,
           ${latest('evaluation_title')} AS title, ${latest('observer_name')} AS observer_name
      FROM (${differences}) d GROUP BY 1, 2, 3, 4) g
   WHERE completed <> 0 OR passed <> 0 OR score_sum <> 0 OR scored <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, week, document_id, observer_id) DO UPDATE
     SET completed = t.completed + excluded.completed, passed = t.passed + excluded.passed,
         score_sum = t.score_sum + excluded.score_sum, scored = t.scored + excluded.scored,
         latest_id = greatest(t.latest_id, excluded.latest_id),
         title = ${laterName('title')}, observer_name = ${laterName('observer_name')};
  DELETE FROM observation_weeks WHERE completed = 0
     AND (organization_id, week, document_id, observer_id) IN (
       SELECT organization_id, week, document_id, observer_id FROM (${differences}) d
        WHERE sign < 0)`;

const TRIGGER_FUNCTION = `
CREATE OR REPLACE FUNCTION observation_weeks_of() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(counted('new_rows', '1'))};
  ELSIF TG_OP = 'DELETE' THEN
    ${apply(counted('old_rows', '-1'))};
  ELSE
    ${apply(`${counted('new_rows', '1')} UNION ALL ${counted('old_rows', '-1')}`)};
  END IF;
  RETURN NULL;
END $$`;
