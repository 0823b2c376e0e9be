import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member search at 100,000 people (issue #49 item 7). `name ILIKE '%x%'` lower-cases every
 * name as it is read (a wide-character conversion per row: 200-600 ms over 100,000 people on
 * this machine), so the names and emails are stored lower-cased beside them and searched with
 * `LIKE lower(pattern)`: PostgreSQL's ILIKE is exactly that in a multibyte database (it
 * lower-cases both sides with the column's collation, then matches case-sensitively). A
 * trigram index on each finds a narrow search's few people without reading the others;
 * a broad one ("Person 0" matching nearly everyone) is counted from the stored columns.
 *
 * pg_trgm is a trusted extension (the schema's owner may create it); it is created in this
 * schema when the database has none yet, otherwise the existing one's operator class is used.
 */
export class MemberSearch1767400000000 implements MigrationInterface {
  name = 'MemberSearch1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const [found] = (await db.query(
      `SELECT n.nspname AS schema FROM pg_extension e
         JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    const opclass = `"${(found?.schema ?? 'public').replace(/"/g, '')}".gin_trgm_ops`;
    await db.query(
      `ALTER TABLE users
         ADD COLUMN IF NOT EXISTS name_lower text GENERATED ALWAYS AS (lower(name)) STORED,
         ADD COLUMN IF NOT EXISTS email_lower text GENERATED ALWAYS AS (lower(email)) STORED`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS users_name_lower_trgm_idx ON users USING gin (name_lower ${opclass})`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS users_email_lower_trgm_idx ON users USING gin (email_lower ${opclass})`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    // The extension stays: another schema of the database may use it.
    await db.query(`DROP INDEX IF EXISTS users_email_lower_trgm_idx`);
    await db.query(`DROP INDEX IF EXISTS users_name_lower_trgm_idx`);
    await db.query(
      `ALTER TABLE users DROP COLUMN IF EXISTS email_lower, DROP COLUMN IF EXISTS name_lower`,
    );
  }
}
