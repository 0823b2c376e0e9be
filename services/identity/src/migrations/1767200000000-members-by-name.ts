import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization's people in name order (issue #49 item 7): a page of the team list or the
 * skills matrix walks this index and stops at its end, instead of sorting 100,000 people.
 */
export class MembersByName1767200000000 implements MigrationInterface {
  name = 'MembersByName1767200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS users_organization_name_idx ON users (organization_id, name, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS users_organization_name_idx`);
  }
}
