import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A key another service may give a notification (`identityRpc.notify`'s `key`), unique per
 * person: a caller that dies after telling people and retries (the certification expiry sweep,
 * killed between its call and its commit) tells nobody twice. Only keyed notifications are in
 * the index, so the notifications of before stay as they are.
 */
export class NotificationKeys1767500000000 implements MigrationInterface {
  name = 'NotificationKeys1767500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS dedupe_key text`);
    await db.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS notifications_dedupe_key_idx
         ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS notifications_dedupe_key_idx`);
    await db.query(`ALTER TABLE notifications DROP COLUMN IF EXISTS dedupe_key`);
  }
}
