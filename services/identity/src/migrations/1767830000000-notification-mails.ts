import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail a notification still owes its reader, written in the statement that stores the
 * notification: a service stopped or killed before the mail was handed to the SMTP server sends
 * it when it (or another replica) runs again, and a refused mail is tried again later. The row
 * goes once the mail is handed over; one given up on keeps its last reason.
 */
export class NotificationMails1767830000000 implements MigrationInterface {
  name = 'NotificationMails1767830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE IF NOT EXISTS notification_mails (
         notification_id integer PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
         attempts integer NOT NULL DEFAULT 0,
         due_at timestamptz NOT NULL DEFAULT now(),
         last_error text,
         given_up_at timestamptz
       )`,
    );
    await db.query(
      `CREATE INDEX IF NOT EXISTS notification_mails_due_idx
         ON notification_mails (due_at) WHERE given_up_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS notification_mails`);
  }
}
