import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who identity said is suspended, from its `member.suspended` and `member.restored` events: the
 * floor counts nobody suspended as present without asking identity. A restored member's row
 * stays (not suspended) with the restoration's instant, so an older event delivered late or
 * again changes nothing. Rows go with their organization and their person.
 */
export class MemberSuspensions1768000020000 implements MigrationInterface {
  name = 'MemberSuspensions1768000020000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE member_suspensions (
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        suspended boolean NOT NULL,
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, user_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE member_suspensions`);
  }
}
