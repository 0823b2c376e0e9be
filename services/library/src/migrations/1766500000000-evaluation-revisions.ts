import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What version of its document an evaluation was built from, and, after a new version revised
 * it, which questions are new and how many went, until a reviewer publishes it again. People
 * asked to acknowledge a new version, and when they did.
 */
export class EvaluationRevisions1766500000000 implements MigrationInterface {
  name = 'EvaluationRevisions1766500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE evaluations
        ADD COLUMN source_version integer NOT NULL DEFAULT 1,
        ADD COLUMN changed_question_ids jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN removed_questions integer NOT NULL DEFAULT 0`);
    await db.query(`
      UPDATE evaluations e SET source_version = d.current_version
        FROM documents d WHERE d.id = e.document_id`);
    await db.query(`
      CREATE TABLE version_acknowledgements (
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        version integer NOT NULL,
        user_id integer NOT NULL,
        organization_id integer NOT NULL,
        requested_at timestamptz,
        acknowledged_at timestamptz,
        PRIMARY KEY (document_id, version, user_id)
      )`);
    await db.query(
      `CREATE INDEX version_acknowledgements_user ON version_acknowledgements (organization_id, user_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE version_acknowledgements`);
    await db.query(`
      ALTER TABLE evaluations
        DROP COLUMN source_version,
        DROP COLUMN changed_question_ids,
        DROP COLUMN removed_questions`);
  }
}
