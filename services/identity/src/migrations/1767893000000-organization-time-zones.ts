import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An organization's default time zone, set by its administrators: what the server dates mails,
 * notices and certificates in for a member who chose no zone and whose device's zone is not
 * known (an invited person, before they ever sign in).
 *
 * Expand only: a nullable column, nothing rewritten. null (every organization until an
 * administrator sets one) reads as before, UTC. The previous release, while it still runs beside
 * this one, neither reads nor writes it.
 */
export class OrganizationTimeZones1767893000000 implements MigrationInterface {
  name = 'OrganizationTimeZones1767893000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations ADD COLUMN default_time_zone text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations DROP COLUMN default_time_zone`);
  }
}
