import type { DataSource } from 'typeorm';
import type { Mailer, OutgoingMail } from '@hub/kit';
import { OutboxMailEntity } from './outbox-mail.entity.js';

/** The offline default: mails are stored and logged instead of sent. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(private readonly db: DataSource) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.db.getRepository(OutboxMailEntity).insert({
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    console.log(
      `[identity] mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`,
    );
  }
}
