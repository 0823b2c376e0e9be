import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People imports from a spreadsheet (issue #45): one row an uploaded file, and one row per line
 * of it once applied, so a job taken again after a crash skips what it already did.
 */
export class PeopleImports1766300000000 implements MigrationInterface {
  name = 'PeopleImports1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE people_imports (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        file_key text NOT NULL,
        file_name text NOT NULL,
        state text NOT NULL DEFAULT 'previewed',
        update_existing boolean NOT NULL DEFAULT false,
        total_rows integer NOT NULL DEFAULT 0,
        processed_rows integer NOT NULL DEFAULT 0,
        created integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        unchanged integer NOT NULL DEFAULT 0,
        refused integer NOT NULL DEFAULT 0,
        invited integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await db.query(`CREATE INDEX people_imports_organization ON people_imports (organization_id)`);
    await db.query(`
      CREATE TABLE people_import_rows (
        import_id integer NOT NULL REFERENCES people_imports(id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        email text NOT NULL,
        outcome text NOT NULL,
        reason text,
        user_id integer,
        invited boolean NOT NULL DEFAULT false,
        PRIMARY KEY (import_id, row_number)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE people_import_rows`);
    await db.query(`DROP TABLE people_imports`);
  }
}
