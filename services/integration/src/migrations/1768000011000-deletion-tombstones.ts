import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What was deleted elsewhere, as this service heard it: an organization (no camera is assigned to
 * it afterwards) and a document (no camera's SOPs name it afterwards). A request that checked
 * identity or the library before the deletion writes after its event was handled; these rows,
 * read under the organization's lock, refuse or drop what it would put back.
 */
export class DeletionTombstones1768000011000 implements MigrationInterface {
  name = 'DeletionTombstones1768000011000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deleted_organizations (
        organization_id integer PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE deleted_documents (
        document_id integer PRIMARY KEY,
        organization_id integer NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX deleted_documents_organization ON deleted_documents (organization_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE deleted_documents`);
    await db.query(`DROP TABLE deleted_organizations`);
  }
}
