import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PERFORMANCE_WINDOW_DAYS } from '@hub/proto';

/**
 * Each observed person's completed observations of the performance window, as of the last
 * write of their observations: one row per (organization, person) with the scores' sum (whole
 * tenths) and count, the earliest and latest completion, and each observation's completion and
 * score. Team stats' per-person means were a hash aggregate of the window's observations on
 * every call (112,500 rows into 22,500 people at the bench's scale: 130-400 ms of SQL under
 * load); from here they are a row per person.
 *
 * The window moves with the clock, and only by writes does an observation enter it (one
 * completed later than `now() - window` is in it already), while observations leave it as time
 * passes. So a row holds the observations in the window when it was computed: those not held
 * had completed before that window and are out of any later one. A read takes the sum and count
 * as they are while the earliest held completion is still in the window (most people), and
 * otherwise sums the held observations still in it; nothing has to run as days pass.
 *
 * Kept by statement triggers on observations in the transaction that writes them: each
 * recomputes the rows of the people its statement touched from their observations as they then
 * are, as `first_attempts` (migration 1767710000000) is, with its locks: a few people (<= 100)
 * take a shared lock of the organization and one lock per person, in id order; more (a seed, an
 * organization deleted) take the organization's lock alone. A person with nothing in the window
 * has no row. The functions keep the migration's search_path: the bench's seed names the schema
 * itself.
 */
export class WindowScores1767801000000 implements MigrationInterface {
  name = 'WindowScores1767801000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE window_scores (
         organization_id integer NOT NULL,
         operator_id integer NOT NULL,
         first_at timestamptz NOT NULL,
         last_at timestamptz NOT NULL,
         tenths bigint NOT NULL,
         scored integer NOT NULL,
         completed_ats timestamptz[] NOT NULL,
         score_tenths integer[] NOT NULL,
         PRIMARY KEY (organization_id, operator_id))`,
    );
    await db.query(
      `CREATE INDEX window_scores_last_idx ON window_scores (organization_id, last_at)`,
    );
    await db.query(REFRESH_FUNCTION);
    await db.query(OBSERVATIONS_FUNCTION);
    await db.query(`CREATE TRIGGER observations_scores_inserted AFTER INSERT ON observations
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION window_scores_of_observations()`);
    await db.query(`CREATE TRIGGER observations_scores_updated AFTER UPDATE ON observations
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION window_scores_of_observations()`);
    await db.query(`CREATE TRIGGER observations_scores_deleted AFTER DELETE ON observations
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION window_scores_of_observations()`);
    // The backfill: every person observed in the window.
    await db.query(`INSERT INTO window_scores ${scoresOf('TRUE')}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER observations_scores_${event} ON observations`);
    await db.query(`DROP FUNCTION window_scores_of_observations()`);
    await db.query(`DROP FUNCTION refresh_window_scores(integer[], integer[])`);
    await db.query(`DROP TABLE window_scores`);
  }
}

/** The rows of the people whose observations o `where` keeps, over the window as of now. */
function scoresOf(where: string): string {
  return `SELECT organization_id, operator_id, min(completed_at), max(completed_at),
         coalesce(sum(tenths), 0), count(tenths), array_agg(completed_at), array_agg(tenths)
    FROM (SELECT o.organization_id, o.operator_id, o.completed_at, (o.score * 10)::int AS tenths
            FROM observations o
           WHERE ${where} AND o.status = 'completed'
             AND o.completed_at >= now() - interval '${PERFORMANCE_WINDOW_DAYS} days') h
   GROUP BY 1, 2 ORDER BY 1, 2`;
}

/** Recomputes the rows of these (organization, person) pairs (arrays of one length). */
const REFRESH_FUNCTION = `
CREATE FUNCTION refresh_window_scores(organizations integer[], operators integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF cardinality(operators) = 0 THEN RETURN; END IF;
  IF (SELECT count(DISTINCT u) FROM unnest(operators) u) > 100 THEN
    PERFORM pg_advisory_xact_lock(hashtext('window-scores'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('window-scores'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
    PERFORM pg_advisory_xact_lock(hashtext('window-scores-of'), u)
       FROM (SELECT DISTINCT u FROM unnest(operators) u ORDER BY u) t;
  END IF;
  DELETE FROM window_scores s
   USING unnest(organizations, operators) AS p(organization_id, operator_id)
   WHERE s.organization_id = p.organization_id AND s.operator_id = p.operator_id;
  INSERT INTO window_scores
  ${scoresOf(`(o.organization_id, o.operator_id) IN (SELECT * FROM unnest(organizations, operators))`)};
END $$`;

/** Refreshes the (organization_id, operator_id) pairs `rows` selects. */
const refreshOf = (rows: string) => `PERFORM refresh_window_scores(
    coalesce(array_agg(organization_id ORDER BY organization_id, operator_id), '{}'),
    coalesce(array_agg(operator_id ORDER BY organization_id, operator_id), '{}'))
  FROM (${rows}) pairs`;

/** Observations written: the people of completed ones, when a column the rows depend on changed. */
const OBSERVATIONS_FUNCTION = `
CREATE FUNCTION window_scores_of_observations() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, operator_id FROM new_rows
      WHERE status = 'completed'`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, operator_id FROM old_rows
      WHERE status = 'completed'`)};
  ELSE
    ${refreshOf(`SELECT DISTINCT t.organization_id, t.operator_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.organization_id, n.operator_id),
                                 (o.organization_id, o.operator_id))
        AS t(organization_id, operator_id)
     WHERE (n.status = 'completed' OR o.status = 'completed')
       AND (n.organization_id, n.operator_id, n.status, n.completed_at, n.score)
           IS DISTINCT FROM (o.organization_id, o.operator_id, o.status, o.completed_at,
                             o.score)`)};
  END IF;
  RETURN NULL;
END $$`;
