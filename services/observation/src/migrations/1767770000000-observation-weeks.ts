import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Completed observations counted per (organization, UTC week of completion, SOP, observer):
 * how many, how many passed, their scores' sum and count, and the greatest SOP title and
 * observer name among them. The Insights observations page's trend and pass rates by SOP and
 * by observer sum the window's weeks of this table (460 rows at the bench's scale) instead of
 * reading the window's 100,000 observations three times (100-140 ms each under load, of a
 * 300 ms target).
 *
 * Kept by statement triggers on observations that add each statement's differences (+1 for a
 * completed row inserted or an observation completed, -1 for a completed row deleted), not by
 * recomputing: a difference needs no lock beyond the counter row's own (`ON CONFLICT DO
 * UPDATE` adds to the latest committed count), taken in key order. A week's row is dropped at
 * 0. The service never changes a completed observation's title or observer name (the greatest
 * is kept as rows are added). The function keeps the migration's search_path: the bench's seed
 * names the schema itself.
 */
export class ObservationWeeks1767770000000 implements MigrationInterface {
  name = 'ObservationWeeks1767770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE observation_weeks (
         organization_id integer NOT NULL,
         week timestamp NOT NULL,
         document_id integer NOT NULL,
         observer_id integer NOT NULL,
         completed integer NOT NULL,
         passed integer NOT NULL,
         score_sum numeric NOT NULL,
         scored integer NOT NULL,
         title text NOT NULL,
         observer_name text NOT NULL,
         PRIMARY KEY (organization_id, week, document_id, observer_id))`,
    );
    await db.query(OBSERVATION_WEEKS_FUNCTION);
    await db.query(`CREATE TRIGGER observations_weeks_inserted AFTER INSERT ON observations
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION observation_weeks_of()`);
    await db.query(`CREATE TRIGGER observations_weeks_updated AFTER UPDATE ON observations
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION observation_weeks_of()`);
    await db.query(`CREATE TRIGGER observations_weeks_deleted AFTER DELETE ON observations
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION observation_weeks_of()`);
    // The backfill: every completed observation counted once.
    await db.query(apply(counted('observations', '1')));
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER observations_weeks_${event} ON observations`);
    await db.query(`DROP FUNCTION observation_weeks_of()`);
    await db.query(`DROP TABLE observation_weeks`);
  }
}

/**
 * The completed observations in `rows`, each counted `sign` times; one without a completion time
 * lies in no week (the window's read never counted it either).
 */
const counted = (rows: string, sign: string) => `
  SELECT organization_id, date_trunc('week', completed_at AT TIME ZONE 'UTC') AS week,
         document_id, observer_id, ${sign} AS sign, passed, score, evaluation_title, observer_name
    FROM ${rows} WHERE status = 'completed' AND completed_at IS NOT NULL`;

/**
 * Adds the differences of the rows `differences` selects (the groups whose figures changed),
 * then drops the rows at 0.
 */
const apply = (differences: string) => `
  INSERT INTO observation_weeks AS t (organization_id, week, document_id, observer_id, completed,
    passed, score_sum, scored, title, observer_name)
  SELECT * FROM (
    SELECT organization_id, week, document_id, observer_id, sum(sign)::int AS completed,
           coalesce(sum(sign) FILTER (WHERE passed), 0)::int AS passed,
           coalesce(sum(sign * score), 0) AS score_sum,
           coalesce(sum(sign) FILTER (WHERE score IS NOT NULL), 0)::int AS scored,
           coalesce(max(evaluation_title) FILTER (WHERE sign > 0), '') AS title,
           coalesce(max(observer_name) FILTER (WHERE sign > 0), '') AS observer_name
      FROM (${differences}) d GROUP BY 1, 2, 3, 4) g
   WHERE completed <> 0 OR passed <> 0 OR score_sum <> 0 OR scored <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_id, week, document_id, observer_id) DO UPDATE
     SET completed = t.completed + excluded.completed, passed = t.passed + excluded.passed,
         score_sum = t.score_sum + excluded.score_sum, scored = t.scored + excluded.scored,
         title = greatest(t.title, excluded.title),
         observer_name = greatest(t.observer_name, excluded.observer_name);
  DELETE FROM observation_weeks WHERE completed = 0
     AND (organization_id, week, document_id, observer_id) IN (
       SELECT organization_id, week, document_id, observer_id FROM (${differences}) d
        WHERE sign < 0)`;

/** The trigger's function as this migration made it (1767856000000's down() puts it back). */
export const OBSERVATION_WEEKS_FUNCTION = `
CREATE FUNCTION observation_weeks_of() RETURNS trigger
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
