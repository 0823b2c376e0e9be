import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OutgoingMail } from '@hub/kit';
import { OutboxMailEntity } from './outbox-mail.entity.js';

/** The outbox of mails kept instead of sent (no SMTP_URL). */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** In one statement. */
  async keep(mails: OutgoingMail[]): Promise<void> {
    await this.db.getRepository(OutboxMailEntity).insert(
      mails.map((mail) => ({
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      })),
    );
  }
}
