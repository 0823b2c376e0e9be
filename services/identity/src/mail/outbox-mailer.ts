import type { DataSource } from 'typeorm';
import type { Mailer, OutgoingMail } from '@hub/kit';
import { OutboxRepository } from './outbox.repository.js';

/** The offline default: mails are stored and logged instead of sent. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly outbox: OutboxRepository;

  constructor(db: DataSource) {
    this.outbox = new OutboxRepository(db);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.outbox.keep(mail);
    console.log(
      `[identity] mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`,
    );
  }
}
