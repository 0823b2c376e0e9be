import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Evaluations1764100000000 implements MigrationInterface {
  name = 'Evaluations1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE documents ADD COLUMN evaluation_run integer NOT NULL DEFAULT 0`);
    await db.query(`
      CREATE TABLE evaluations (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        document_id integer NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        questions jsonb NOT NULL,
        key_learning_points jsonb NOT NULL,
        generator text NOT NULL,
        generator_model text,
        prompt_used text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by integer,
        published_at timestamptz,
        published_by integer
      )`);
    await db.query(`CREATE INDEX evaluations_org_idx ON evaluations (organization_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE evaluations`);
    await db.query(`ALTER TABLE documents DROP COLUMN evaluation_run`);
  }
}
