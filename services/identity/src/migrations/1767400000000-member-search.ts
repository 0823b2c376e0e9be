import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member search at 100,000 people (issue #49 item 7). `name ILIKE '%x%'` lower-cases every
 * name as it is read (a wide-character conversion per row: 200-600 ms over 100,000 people on
 * this machine), so the names and emails are stored lower-cased beside them and searched with
 * `LIKE lower(pattern)`: PostgreSQL's ILIKE is exactly that in a multibyte database (it
 * lower-cases both sides with the column's collation, then matches case-sensitively). Reading
 * the stored columns of 100,000 people takes 19-21 ms, for a narrow search ("person 0999") as
 * for a broad one.
 *
 * No trigram index (pg_trgm): it found a narrow search's people in 5-9 ms, but an extension
 * lives outside the service's schema, so `npm run backup` (pg_dump of the services' schemas)
 * does not carry it and a restore into an empty database could not build the index.
 */
export class MemberSearch1767400000000 implements MigrationInterface {
  name = 'MemberSearch1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users
         ADD COLUMN IF NOT EXISTS name_lower text GENERATED ALWAYS AS (lower(name)) STORED,
         ADD COLUMN IF NOT EXISTS email_lower text GENERATED ALWAYS AS (lower(email)) STORED`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE users DROP COLUMN IF EXISTS email_lower, DROP COLUMN IF EXISTS name_lower`,
    );
  }
}
