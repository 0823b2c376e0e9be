import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Mailer, OutgoingMail } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { MAILER } from '../tokens.js';
import { NotificationMailsRepository, type OwedMail } from './notification-mails.repository.js';

/** Mails sent over one connection at a time: a few seconds of SMTP, well within the lease. */
const BATCH = 100;
/** Given up on after this many refusals (the last reason kept on the row). */
const MAX_ATTEMPTS = 10;
/** A claimed batch comes back to any sender after this many retry periods. */
const LEASE_PERIODS = 5;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The web app's page a notice leads to: the catalogs' `path`, which ends its message in every
 * language, after a space ('… acknowledge them: /library/documents/12/acknowledge').
 */
const APP_PATH = /(?<=\s)\/(?![\s/])\S*$/;

/**
 * A notification's mail: the page it leads to as a full link from PUBLIC_URL (as the other mails
 * build theirs), since a mail client cannot open a path of the app; the app's own list keeps the
 * stored path.
 */
export function mailOf(
  to: string,
  notice: { title: string; message: string },
  publicUrl: string,
): OutgoingMail {
  const path = APP_PATH.exec(notice.message);
  const before = path ? notice.message.slice(0, path.index) : notice.message;
  const link = path ? `${publicUrl.replace(/\/+$/, '')}${path[0]}` : '';
  const anchor = link && `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  return {
    to,
    subject: notice.title,
    text: `${before}${link}\n`,
    html: `<p>${escapeHtml(before)}${anchor}</p>`,
  };
}

/**
 * Sends the mails notifications owe (`notification_mails`): at once when a notice is stored
 * (`sendSoon`), and every retry period for those left by a stopped service or refused by the
 * SMTP server. A mail is handed over at least once: a service killed between the handover and
 * the row's removal sends it again. Each row is removed as its mail is taken, not once its batch
 * is through, so a kill mid-batch sends again only the mails taken since the last removal, not
 * the batch's (up to 100).
 */
@Injectable()
export class NotificationMailSender {
  private readonly logger = new Logger('NotificationMails');
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(NotificationMailsRepository) private readonly mails: NotificationMailsRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(IDENTITY_CONFIG)
    private readonly config: Pick<IdentityConfig, 'NOTIFICATION_MAIL_RETRY_MS' | 'PUBLIC_URL'>,
  ) {}

  /**
   * Looks for mails left owed by a service that stopped before sending them, then every retry
   * period (identity's start calls it: a Nest microservice runs no bootstrap hooks).
   */
  start(): void {
    this.timer = setInterval(() => this.sendSoon(), this.config.NOTIFICATION_MAIL_RETRY_MS);
    this.timer.unref();
    this.sendSoon();
  }

  /** Sends what is due now, after the run in progress if any (which then runs once more). */
  sendSoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => this.logger.warn(`notification mails: ${String(error)}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.sendSoon();
        }
      });
  }

  /** Stops looking and waits for the batch on its way (identity's close calls it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
  }

  private async sendDue(): Promise<void> {
    const lease = this.config.NOTIFICATION_MAIL_RETRY_MS * LEASE_PERIODS;
    for (;;) {
      const batch = await this.mails.claim(BATCH, lease);
      if (batch.length === 0) return;
      await this.send(batch);
      if (batch.length < BATCH || this.stopped) return;
    }
  }

  private async send(batch: OwedMail[]): Promise<void> {
    const taken = new TakenMails(this.mails);
    let outcomes: PromiseSettledResult<void>[];
    try {
      outcomes = await this.mailer.sendAll(
        batch.map((mail) => mailOf(mail.email, mail, this.config.PUBLIC_URL)),
        (index) => taken.add(batch[index]!.notificationId),
      );
    } catch (error) {
      outcomes = batch.map(() => ({ status: 'rejected', reason: error }));
    }
    const refused = batch.flatMap((mail, index) => {
      const outcome = outcomes[index]!;
      if (outcome.status === 'fulfilled') return [];
      const reason =
        outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
      this.logger.warn(
        `notification mail to ${mail.email} refused (attempt ${mail.attempts}): ${reason}`,
      );
      return [{ notificationId: mail.notificationId, attempts: mail.attempts, reason }];
    });
    await taken.settled();
    // Every mail taken, again: those a removal above missed, and those of a mailer that names
    // none as it goes (the outbox keeps all at once). Removing a removed row is no change.
    await this.mails.handedOver(
      batch
        .filter((_, index) => outcomes[index]!.status === 'fulfilled')
        .map((m) => m.notificationId),
    );
    await this.mails.refused(refused, this.config.NOTIFICATION_MAIL_RETRY_MS, MAX_ATTEMPTS);
  }
}

/**
 * The rows of mails the SMTP server has taken, removed while the rest of the batch is sent: one
 * DELETE at a time, each with every mail taken meanwhile (a round trip a mail would hold the
 * connection's pace to the database's).
 */
class TakenMails {
  private waiting: number[] = [];
  private removing: Promise<void> | null = null;

  constructor(private readonly mails: NotificationMailsRepository) {}

  add(notificationId: number): void {
    this.waiting.push(notificationId);
    this.removing ??= this.removeWaiting();
  }

  /** Once the removals under way have ended. */
  async settled(): Promise<void> {
    while (this.removing) await this.removing;
  }

  private async removeWaiting(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.mails.handedOver(this.waiting.splice(0));
    } catch {
      // The batch's end removes every mail taken once more.
    } finally {
      this.removing = null;
    }
  }
}
