import type { Transporter } from 'nodemailer';
import { networkCause } from '@hub/runtime';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Whether the mail server refused a mail for good (an SMTP reply of 5xx: no such mailbox, a
 * suppressed address), where sending it again would be refused again; anything else (4xx, a
 * connection that failed) may pass later.
 */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** An enhanced status code (RFC 3463) after the reply code: 5.1.1 a bad mailbox, 5.7.1 a policy. */
const ENHANCED_STATUS = /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?!\S)/;

/**
 * Why a mail was not handed over, as an administrator reads it: the mail server's SMTP reply
 * code, with its enhanced status code when it gave one ('SMTP 550 5.1.1'), which is worth
 * looking up (a 550 may be a wrong address or a relay refused), or the connection's failure in
 * the catalog's words ('connection refused'). The server's own reply text and the socket's
 * words are logged.
 */
export function mailFailureDetail(error: unknown): string {
  const { responseCode, response } =
    (error as { responseCode?: unknown; response?: unknown } | null) ?? {};
  if (typeof responseCode !== 'number') return networkCause(error);
  const enhanced = typeof response === 'string' ? ENHANCED_STATUS.exec(response)?.[1] : undefined;
  return enhanced ? `SMTP ${responseCode} ${enhanced}` : `SMTP ${responseCode}`;
}

/** Sends mail; throws with a readable reason when the mail could not be handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends these together (over one SMTP connection): each one's outcome, in order. Rejects only
   * when none could be tried. `handedOver` hears each mail's index as soon as it is taken, before
   * the others are through.
   */
  sendAll(
    mails: OutgoingMail[],
    handedOver?: (index: number) => void,
  ): Promise<PromiseSettledResult<void>[]>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private nodemailer?: Promise<typeof import('nodemailer')>;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  // nodemailer is loaded with the first mail: most of the time no mail is being sent.
  private load() {
    return (this.nodemailer ??= import('nodemailer'));
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.transport ??= this.load().then(({ createTransport }) => createTransport(this.smtpUrl));
    await (await this.transport).sendMail({ from: this.from, ...mail });
  }

  /**
   * Over a pool of one connection of their own, closed once all are handed over: the plain
   * transport opens a connection per mail, 500 for a batch of 500 notices.
   */
  async sendAll(
    mails: OutgoingMail[],
    handedOver?: (index: number) => void,
  ): Promise<PromiseSettledResult<void>[]> {
    if (mails.length === 0) return [];
    const { createTransport } = await this.load();
    const pool = createTransport({
      url: this.smtpUrl,
      pool: true,
      maxConnections: 1,
      // The pool's default (100) would reconnect every 100 mails.
      maxMessages: Infinity,
    });
    try {
      return await Promise.allSettled(
        mails.map(async (mail, index) => {
          await pool.sendMail({ from: this.from, ...mail });
          handedOver?.(index);
        }),
      );
    } finally {
      pool.close();
    }
  }
}
