import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A people-import line whose invitation the mail server refused for good (no such mailbox, a
 * suppressed address) keeps why: it is not mailed again when the import is resumed, so one bad
 * address cannot stop the rest of the file.
 */
export class RefusedInvitations1767880000000 implements MigrationInterface {
  name = 'RefusedInvitations1767880000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE people_import_rows ADD COLUMN IF NOT EXISTS invitation_refused text`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE people_import_rows DROP COLUMN IF EXISTS invitation_refused`);
  }
}
