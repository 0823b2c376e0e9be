import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Versions of a document. The documents row keeps the state of the current version (what the
 * rest of the product reads); each version keeps its own file and the content its processing
 * run produced, so an older one can still be viewed, downloaded and compared.
 */
export class DocumentVersions1765900000000 implements MigrationInterface {
  name = 'DocumentVersions1765900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE documents ADD COLUMN current_version integer NOT NULL DEFAULT 1`);
    await db.query(`
      CREATE TABLE document_versions (
        document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        version integer NOT NULL,
        organization_id integer NOT NULL,
        file_name text NOT NULL,
        file_size bigint NOT NULL,
        storage_prefix text NOT NULL,
        source_key text NOT NULL,
        change_note text NOT NULL DEFAULT '',
        uploaded_by integer NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        processing_run integer NOT NULL,
        markdown_key text,
        text_key text,
        page_count integer,
        processing_error text,
        PRIMARY KEY (document_id, version)
      )`);
    await db.query(
      `CREATE UNIQUE INDEX document_versions_run_idx ON document_versions (document_id, processing_run)`,
    );
    // Every document so far is its own first version.
    await db.query(`
      INSERT INTO document_versions (document_id, version, organization_id, file_name, file_size,
        storage_prefix, source_key, uploaded_by, uploaded_at, processing_run, markdown_key,
        text_key, page_count, processing_error)
      SELECT id, 1, organization_id, file_name, file_size, storage_prefix, source_key, uploaded_by,
        uploaded_at, processing_run, markdown_key, text_key, page_count, processing_error
      FROM documents`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE document_versions`);
    await db.query(`ALTER TABLE documents DROP COLUMN current_version`);
  }
}
