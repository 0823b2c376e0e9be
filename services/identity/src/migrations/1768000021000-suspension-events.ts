import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members suspended before identity announced suspensions (`member.suspended`, written with the
 * change since this release) are announced once, through the outbox, so the integration service's
 * record of who is suspended (which it keeps from these events alone, and cannot read identity's
 * schema for) starts complete. The relay publishes the rows at the next start; the event's `at`
 * is the suspension's own instant, so a later restoration still wins wherever it lands first.
 */
export class SuspensionEvents1768000021000 implements MigrationInterface {
  name = 'SuspensionEvents1768000021000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`INSERT INTO outbox (id, event)
      SELECT gen_random_uuid(), jsonb_build_object(
               'type', 'member.suspended',
               'organizationId', organization_id,
               'userId', id,
               'at', to_char(suspended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        FROM users
       WHERE suspended_at IS NOT NULL
       ORDER BY id`);
  }

  async down(): Promise<void> {
    // The announcements stand: they tell of suspensions that happened.
  }
}
