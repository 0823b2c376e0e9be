import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A notification's mail claimed for sending: its reader's address and the notice's text. */
export interface OwedMail {
  notificationId: number;
  attempts: number;
  email: string;
  title: string;
  message: string;
}

/** A mail that could not be handed over, and why. */
export interface RefusedMail {
  notificationId: number;
  attempts: number;
  reason: string;
}

/** The mails notifications still owe (`notification_mails`), claimed a batch at a time. */
@Injectable()
export class NotificationMailsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Claims up to `limit` due mails for `leaseMs`: a sender that stops mid-way leaves them to be
   * claimed again once the lease ends, by any replica; others skip rows being claimed. The
   * reader's email preference is read again here, not only when the notice was stored.
   */
  async claim(limit: number, leaseMs: number): Promise<OwedMail[]> {
    const rows = (await this.db.query(
      `WITH dropped AS (
         -- Owed before the identity provider suspended them (their affairs are no longer told),
         -- or before they turned email notifications off (a retry is no reason to mail them).
         UPDATE notification_mails m SET given_up_at = now(),
                last_error = CASE WHEN u.suspended_at IS NOT NULL THEN 'The person is suspended.'
                                  ELSE 'The person turned email notifications off.' END
           FROM notifications n JOIN users u ON u.id = n.user_id
           LEFT JOIN notification_settings s ON s.user_id = n.user_id
          WHERE m.notification_id = n.id AND m.given_up_at IS NULL AND m.due_at <= now()
            AND (u.suspended_at IS NOT NULL OR NOT coalesce(s.email_notifications, false))
         RETURNING m.notification_id
       ), due AS (
         SELECT notification_id FROM notification_mails
          WHERE given_up_at IS NULL AND due_at <= now()
            AND notification_id NOT IN (SELECT notification_id FROM dropped)
          ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE notification_mails m
            SET attempts = m.attempts + 1, due_at = now() + $2 * interval '1 millisecond'
           FROM due WHERE m.notification_id = due.notification_id
         RETURNING m.notification_id, m.attempts
       )
       SELECT c.notification_id, c.attempts, u.email, n.title, n.message
         FROM claimed c
         JOIN notifications n ON n.id = c.notification_id
         JOIN users u ON u.id = n.user_id
        ORDER BY c.notification_id`,
      [limit, leaseMs],
    )) as {
      notification_id: number;
      attempts: number;
      email: string;
      title: string;
      message: string;
    }[];
    return rows.map((row) => ({
      notificationId: row.notification_id,
      attempts: row.attempts,
      email: row.email,
      title: row.title,
      message: row.message,
    }));
  }

  /** These were handed over: nothing is owed any more. */
  async handedOver(notificationIds: number[]): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.db.query(`DELETE FROM notification_mails WHERE notification_id = ANY($1::int[])`, [
      notificationIds,
    ]);
  }

  /**
   * Each refused mail is due again after `retryBaseMs` doubled for each attempt before, or given
   * up on (its reason kept) after `maxAttempts`.
   */
  async refused(mails: RefusedMail[], retryBaseMs: number, maxAttempts: number): Promise<void> {
    if (mails.length === 0) return;
    await this.db.query(
      `UPDATE notification_mails m
          SET last_error = r.reason,
              due_at = now() + $4 * power(2, m.attempts - 1) * interval '1 millisecond',
              given_up_at = CASE WHEN m.attempts >= $5 THEN now() END
         FROM unnest($1::int[], $2::int[], $3::text[]) AS r (id, attempts, reason)
        WHERE m.notification_id = r.id AND m.attempts = r.attempts`,
      [
        mails.map((mail) => mail.notificationId),
        mails.map((mail) => mail.attempts),
        mails.map((mail) => mail.reason),
        retryBaseMs,
        maxAttempts,
      ],
    );
  }
}
