import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date format may be "not chosen" (null), which follows the order of the language shown:
 * MM/DD/YYYY in English, DD/MM/YYYY in Spanish and French (proto's `LANGUAGE_DATE_FORMATS`).
 *
 * Expand only: the column loses its NOT NULL and its 'MM/DD/YYYY' default. Stored 'MM/DD/YYYY'
 * values become null: the form offered it as everyone's default, so a stored one says nothing
 * about a choice, and for an English reader null reads the same; a Spanish or French reader
 * who did want US order picks it again. The other formats were chosen and stay. The previous
 * release, while it still runs beside this one, reads a null date format as "the defaults"
 * (its parse fails over to them), which resets a language and a theme on its replicas for the
 * rollout only.
 */
export class LanguageDateFormats1767860000000 implements MigrationInterface {
  name = 'LanguageDateFormats1767860000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE user_preferences ALTER COLUMN date_format DROP NOT NULL, ALTER COLUMN date_format DROP DEFAULT`,
    );
    await db.query(
      `UPDATE user_preferences SET date_format = NULL WHERE date_format = 'MM/DD/YYYY'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    // What the previous release showed everyone who had no format of their own.
    await db.query(
      `UPDATE user_preferences SET date_format = 'MM/DD/YYYY' WHERE date_format IS NULL`,
    );
    await db.query(
      `ALTER TABLE user_preferences ALTER COLUMN date_format SET DEFAULT 'MM/DD/YYYY', ALTER COLUMN date_format SET NOT NULL`,
    );
  }
}
