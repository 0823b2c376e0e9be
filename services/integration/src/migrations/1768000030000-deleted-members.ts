import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people identity deleted, as this service heard it (`user.deleted`): a snapshot identified
 * before the deletion and answered after it records no presence of them. Rows go with their
 * organization.
 */
export class DeletedMembers1768000030000 implements MigrationInterface {
  name = 'DeletedMembers1768000030000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deleted_members (
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        deleted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE deleted_members`);
  }
}
