import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Recommendations produced by the rules engine (issue #15) and when the rules last ran. */
export class Recommendations1765700000000 implements MigrationInterface {
  name = 'Recommendations1765700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE recommendations (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        rule text NOT NULL,
        subject_key text NOT NULL,
        category text NOT NULL,
        priority text NOT NULL CHECK (priority IN ('High', 'Medium', 'Low')),
        title text NOT NULL,
        description text NOT NULL,
        evidence jsonb NOT NULL,
        action jsonb NOT NULL,
        state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'implemented', 'dismissed')),
        decided_by integer,
        decided_by_name text,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, rule, subject_key)
      )`);
    await db.query(
      `CREATE INDEX recommendations_org_idx ON recommendations (organization_id, state)`,
    );
    await db.query(`
      CREATE TABLE recommendation_runs (
        organization_id integer PRIMARY KEY,
        evaluated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE recommendation_runs`);
    await db.query(`DROP TABLE recommendations`);
  }
}
