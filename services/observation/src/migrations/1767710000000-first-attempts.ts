import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each person's first completed observation of each SOP (earliest `completed_at`, then lowest
 * id), one row per (organization, person, SOP) with when it completed and whether it passed.
 * Team stats' efficiency rating counts the rows whose first attempt fell in the window; read
 * from observations that was a `DISTINCT ON` over every completed observation of the
 * organization (500,000 at the bench's scale: 90-175 ms of SQL, up to 740 ms in the service
 * under load); from here it is an index range of the window's rows.
 *
 * Kept by statement triggers on observations in the transaction that writes them, whatever
 * writes them: each recomputes the (organization, person, SOP) rows the statement touched from
 * the observations as they then are. Two completions of the same person's SOP in concurrent
 * transactions would each miss the other's, so a recompute waits for the others of its people:
 * a few people (<= 100) take a shared lock of the organization and one lock per person, in id
 * order; more (a seed, an organization deleted) take the organization's lock alone (as
 * `required_certifications`, migration 1767600000000). Each statement of the plpgsql function
 * reads what was committed once the locks are held (READ COMMITTED).
 * The functions keep the migration's search_path: the bench's seed names the schema itself.
 */
export class FirstAttempts1767710000000 implements MigrationInterface {
  name = 'FirstAttempts1767710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE first_attempts (
         organization_id integer NOT NULL,
         operator_id integer NOT NULL,
         document_id integer NOT NULL,
         completed_at timestamptz,
         passed boolean,
         PRIMARY KEY (organization_id, operator_id, document_id))`,
    );
    await db.query(`CREATE INDEX first_attempts_completed_idx
      ON first_attempts (organization_id, completed_at) INCLUDE (passed)`);
    await db.query(REFRESH_FUNCTION);
    await db.query(OBSERVATIONS_FUNCTION);
    await db.query(`CREATE TRIGGER observations_first_inserted AFTER INSERT ON observations
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_attempts_of_observations()`);
    await db.query(`CREATE TRIGGER observations_first_updated AFTER UPDATE ON observations
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION first_attempts_of_observations()`);
    await db.query(`CREATE TRIGGER observations_first_deleted AFTER DELETE ON observations
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_attempts_of_observations()`);
    // The backfill: every person's rows.
    await db.query(`INSERT INTO first_attempts ${firstOf('TRUE')}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['inserted', 'updated', 'deleted'])
      await db.query(`DROP TRIGGER observations_first_${event} ON observations`);
    await db.query(`DROP FUNCTION first_attempts_of_observations()`);
    await db.query(`DROP FUNCTION refresh_first_attempts(integer[], integer[], integer[])`);
    await db.query(`DROP TABLE first_attempts`);
  }
}

/** The rows of the completed observations o that `where` keeps (the table's definition). */
function firstOf(where: string): string {
  return `SELECT DISTINCT ON (o.organization_id, o.operator_id, o.document_id)
         o.organization_id, o.operator_id, o.document_id, o.completed_at, o.passed
    FROM observations o WHERE ${where} AND o.status = 'completed'
   ORDER BY o.organization_id, o.operator_id, o.document_id, o.completed_at, o.id`;
}

/** Recomputes the rows of these (organization, person, SOP) triples (arrays of one length). */
const REFRESH_FUNCTION = `
CREATE FUNCTION refresh_first_attempts(organizations integer[], operators integer[],
                                       documents integer[])
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF cardinality(operators) = 0 THEN RETURN; END IF;
  IF (SELECT count(DISTINCT u) FROM unnest(operators) u) > 100 THEN
    PERFORM pg_advisory_xact_lock(hashtext('first-attempts'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtext('first-attempts'), o)
       FROM (SELECT DISTINCT o FROM unnest(organizations) o ORDER BY o) t;
    PERFORM pg_advisory_xact_lock(hashtext('first-attempts-of'), u)
       FROM (SELECT DISTINCT u FROM unnest(operators) u ORDER BY u) t;
  END IF;
  DELETE FROM first_attempts f
   USING unnest(organizations, operators, documents) AS p(organization_id, operator_id, document_id)
   WHERE f.organization_id = p.organization_id AND f.operator_id = p.operator_id
     AND f.document_id = p.document_id;
  INSERT INTO first_attempts
  ${firstOf(`(o.organization_id, o.operator_id, o.document_id) IN
      (SELECT * FROM unnest(organizations, operators, documents))`)};
END $$`;

/** Refreshes the (organization_id, operator_id, document_id) triples `rows` selects. */
const refreshOf = (rows: string) => `PERFORM refresh_first_attempts(
    coalesce(array_agg(organization_id ORDER BY organization_id, operator_id, document_id), '{}'),
    coalesce(array_agg(operator_id ORDER BY organization_id, operator_id, document_id), '{}'),
    coalesce(array_agg(document_id ORDER BY organization_id, operator_id, document_id), '{}'))
  FROM (${rows}) triples`;

/** Observations written: the triples of completed ones, when a column the rows depend on changed. */
const OBSERVATIONS_FUNCTION = `
CREATE FUNCTION first_attempts_of_observations() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, operator_id, document_id FROM new_rows
      WHERE status = 'completed'`)};
  ELSIF TG_OP = 'DELETE' THEN
    ${refreshOf(`SELECT DISTINCT organization_id, operator_id, document_id FROM old_rows
      WHERE status = 'completed'`)};
  ELSE
    ${refreshOf(`SELECT DISTINCT t.organization_id, t.operator_id, t.document_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.organization_id, n.operator_id, n.document_id),
                                 (o.organization_id, o.operator_id, o.document_id))
        AS t(organization_id, operator_id, document_id)
     WHERE (n.status = 'completed' OR o.status = 'completed')
       AND (n.organization_id, n.operator_id, n.document_id, n.status, n.completed_at, n.passed)
           IS DISTINCT FROM (o.organization_id, o.operator_id, o.document_id, o.status,
                             o.completed_at, o.passed)`)};
  END IF;
  RETURN NULL;
END $$`;
