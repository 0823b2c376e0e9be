import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail; throws with a readable reason when the mail could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    // nodemailer is loaded with the first mail: most of the time no mail is being sent.
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(this.smtpUrl),
    );
    await (await this.transport).sendMail({ from: this.from, ...mail });
  }
}
