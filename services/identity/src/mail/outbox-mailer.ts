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
    await this.sendAll([mail]);
  }

  /** All kept at once: the insert stores all of them or none. */
  async sendAll(mails: OutgoingMail[]): Promise<PromiseSettledResult<void>[]> {
    if (mails.length === 0) return [];
    await this.outbox.keep(mails);
    for (const mail of mails)
      log.info(
        `mail to ${mail.to} kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`,
      );
    return mails.map(() => ({ status: 'fulfilled', value: undefined }));
  }
}
