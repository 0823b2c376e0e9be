import type { DataSource } from 'typeorm';
import { logger, type Mailer, type OutgoingMail } from '@hub/kit';
import { OutboxRepository } from './outbox.repository.js';

const log = logger('mail');

/** The offline default: mails are stored and logged instead of sent. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly outbox: OutboxRepository;

  constructor(db: DataSource) {
    this.outbox = new OutboxRepository(db);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.outbox.keep(mail);
    log.info(`mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`);
  }
}
