import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Mailer, type OutgoingMail, SmtpMailer } from '@hub/kit';
import type { NotificationRequest } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../../identity/src/test-support/identity-database-template.js';
import { openIdentityDatabase } from '../../identity/src/database.js';
import { OutboxMailer } from '../../identity/src/mail/outbox-mailer.js';
import {
  mailOf,
  NotificationMailSender,
} from '../../identity/src/notifications/notification-mail-sender.js';
import { NotificationMailsRepository } from '../../identity/src/notifications/notification-mails.repository.js';
import { NotificationsController } from '../../identity/src/notifications/notifications.controller.js';
import { NotificationsRepository } from '../../identity/src/notifications/notifications.repository.js';
import { NotificationsService } from '../../identity/src/notifications/notifications.service.js';
import { PreferencesService } from '../../identity/src/settings/preferences.service.js';
import { SettingsRepository } from '../../identity/src/settings/settings.repository.js';
import { MailCatcher } from './mail-catcher.js';

/** Identity's notify calls on their own: what they answer, and the mails they send. */
let resources: TestResources;
let db: DataSource;
let organizationId = 0;

const PUBLIC_URL = 'https://hub.notify.test';

const NOTICE: NotificationRequest = {
  type: 'info',
  key: 'certificationDigest',
  params: { expiringSoon: 1, expired: 0, path: '/insights/certifications' },
};

/** Mails kept in memory: the answers' tests need no SMTP server. */
class KeptMails implements Mailer {
  readonly kind = 'outbox' as const;
  readonly mails: OutgoingMail[] = [];

  send(mail: OutgoingMail): Promise<void> {
    this.mails.push(mail);
    return Promise.resolve();
  }

  sendAll(mails: OutgoingMail[]): Promise<PromiseSettledResult<void>[]> {
    this.mails.push(...mails);
    return Promise.resolve(mails.map(() => ({ status: 'fulfilled', value: undefined })));
  }
}

/**
 * An SMTP server that takes the first `taking` mails of a batch at once and the rest only when
 * released: a batch caught mid-way, as when the service is killed during it.
 */
class TakingSome implements Mailer {
  readonly kind = 'smtp' as const;
  readonly mails: OutgoingMail[] = [];
  release = () => {};
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly taking: number) {}

  send(): Promise<void> {
    return Promise.reject(new Error('one at a time is not used'));
  }

  async sendAll(
    mails: OutgoingMail[],
    handedOver?: (index: number) => void,
  ): Promise<PromiseSettledResult<void>[]> {
    for (const [index, mail] of mails.entries()) {
      if (index === this.taking) await this.released;
      this.mails.push(mail);
      handedOver?.(index);
    }
    return mails.map(() => ({ status: 'fulfilled', value: undefined }));
  }
}

const MAILBOX_FULL = '552 mailbox full';

/** An SMTP server's refusal of every mail. */
class RefusingMails implements Mailer {
  readonly kind = 'smtp' as const;

  send(): Promise<void> {
    return Promise.reject(new Error(MAILBOX_FULL));
  }

  sendAll(mails: OutgoingMail[]): Promise<PromiseSettledResult<void>[]> {
    return Promise.resolve(
      mails.map(() => ({ status: 'rejected', reason: new Error(MAILBOX_FULL) })),
    );
  }
}

/**
 * Identity's notifications controller, its service and mail sender, over the test database and
 * this mailer (`retryMs`: the sender's retry period).
 */
function notificationsWith(mailer: Mailer, retryMs = 60_000) {
  const sender = new NotificationMailSender(new NotificationMailsRepository(db), mailer, {
    NOTIFICATION_MAIL_RETRY_MS: retryMs,
    PUBLIC_URL: `${PUBLIC_URL}/`,
  });
  const service = new NotificationsService(
    new NotificationsRepository(db),
    sender,
    new PreferencesService(new SettingsRepository(db)),
  );
  return { controller: new NotificationsController(service), sender };
}

/** The mails still owed to the people whose addresses start with `label`. */
const owedTo = async (label: string) =>
  (await db.query(
    `SELECT u.email, m.attempts, m.last_error, m.given_up_at IS NOT NULL AS given_up
       FROM notification_mails m
       JOIN notifications n ON n.id = m.notification_id
       JOIN users u ON u.id = n.user_id
      WHERE u.email LIKE $1 || '%' ORDER BY u.email`,
    [label],
  )) as { email: string; attempts: number; last_error: string | null; given_up: boolean }[];

/** Each of these people's own notice under `key`. */
const itemsOf = (userIds: number[], key: string) =>
  userIds.map((userId) => ({ userId, notification: NOTICE, key }));

/** `count` people of the organization, the ids in order; `byMail` of them read by mail. */
async function people(label: string, count: number, byMail = 0): Promise<number[]> {
  const rows = (await db.query(
    `INSERT INTO users (email, name, role, organization_id, is_active)
     SELECT $1 || n || '@notify.test', $1 || ' ' || n, 'operator', $2, true
       FROM generate_series(1, $3::int) AS n ORDER BY n
     RETURNING id`,
    [label, organizationId, count],
  )) as { id: number }[];
  const ids = rows.map((row) => row.id);
  await db.query(
    `INSERT INTO notification_settings (user_id, email_notifications)
     SELECT unnest($1::int[]), true`,
    [ids.slice(0, byMail)],
  );
  return ids;
}

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  const rows = (await db.query(
    `INSERT INTO organizations (name, display_name, domain)
     VALUES ('notify', 'Notify Ltd', 'notify.test') RETURNING id`,
  )) as { id: number }[];
  organizationId = rows[0]!.id;
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('identityRpc.notify and notifyEach answer', () => {
  it('the people told now: not those told before under the key, nor repeated or unknown ids', async () => {
    const mailer = new KeptMails();
    const notifications = notificationsWith(mailer).controller;
    const [ann, bob, cyd] = (await people('answer', 3, 3)) as [number, number, number];
    const notify = (userIds: number[], key?: string) =>
      notifications.notify({ userIds, notification: NOTICE, key });

    expect(await notify([ann, ann, 999_999], 'digest:1')).toEqual({ delivered: 1 });
    expect(await notify([ann, bob, cyd], 'digest:1')).toEqual({ delivered: 2 });
    expect(await notify([ann, bob, cyd], 'digest:1')).toEqual({ delivered: 0 });
    expect(await notify([ann, 999_999])).toEqual({ delivered: 1 });
    await expect
      .poll(() => mailer.mails.map((mail) => mail.to))
      .toEqual([
        'answer1@notify.test',
        'answer2@notify.test',
        'answer3@notify.test',
        'answer1@notify.test',
      ]);

    const item = (userId: number, key: string) => ({ userId, notification: NOTICE, key });
    const notifyEach = (items: ReturnType<typeof item>[]) => notifications.notifyEach({ items });
    expect(await notifyEach([item(ann, 'a'), item(bob, 'a'), item(999_999, 'a')])).toEqual({
      delivered: 2,
    });
    expect(await notifyEach([item(ann, 'a'), item(bob, 'b'), item(cyd, 'a')])).toEqual({
      delivered: 2,
    });
  });
});

describe('the mails of a notify call', () => {
  let mail: MailCatcher;
  let smtpUrl: string;

  beforeAll(async () => {
    mail = new MailCatcher();
    smtpUrl = await mail.start();
  });

  afterAll(async () => {
    await mail?.stop();
  });

  const toldBy = (label: string) =>
    mail.mails.filter((caught) => caught.to.startsWith(label)).map((caught) => caught.to);
  const addresses = (label: string, count: number) =>
    Array.from({ length: count }, (_, n) => `${label}${n + 1}@notify.test`);

  it('go over one SMTP connection, every one of them', async () => {
    const { controller } = notificationsWith(new SmtpMailer(smtpUrl, 'hub@notify.test'));
    const ids = await people('batch', 60, 40);
    const connections = mail.connections;
    expect(await controller.notifyEach({ items: itemsOf(ids, 'batch') })).toEqual({
      delivered: 60,
    });
    await expect.poll(() => toldBy('batch').length).toBe(40);
    expect(toldBy('batch').sort()).toEqual(addresses('batch', 40).sort());
    expect(mail.connections - connections).toBe(1);

    expect(await controller.notify({ userIds: ids, notification: NOTICE, key: 'n' })).toEqual({
      delivered: 60,
    });
    await expect.poll(() => toldBy('batch').length).toBe(80);
    expect(mail.connections - connections).toBe(2);
  });

  it('are looked for only when a notice owes one', async () => {
    const { controller, sender } = notificationsWith(new KeptMails());
    const woken = vi.spyOn(sender, 'sendSoon');
    const [none, byMail] = (await people('woken', 2, 0)) as [number, number];
    await db.query(
      `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, false), ($2, true)`,
      [none, byMail],
    );
    const notify = (userIds: number[], key?: string) =>
      controller.notify({ userIds, notification: NOTICE, key });

    expect(await notify([none])).toEqual({ delivered: 1 });
    expect(await notify([none], 'woken')).toEqual({ delivered: 1 });
    expect(await controller.notifyEach({ items: itemsOf([none], 'each') })).toEqual({
      delivered: 1,
    });
    expect(woken).not.toHaveBeenCalled();

    expect(await notify([none, byMail], 'woken')).toEqual({ delivered: 1 });
    expect(woken).toHaveBeenCalledTimes(1);
    await sender.stop();
  });

  it('leave after the answer, and are sent before the service stops', async () => {
    const { controller, sender } = notificationsWith(new SmtpMailer(smtpUrl, 'hub@notify.test'));
    const ids = await people('held', 5, 5);
    const release = mail.hold();
    try {
      expect(await controller.notifyEach({ items: itemsOf(ids, 'held') })).toEqual({
        delivered: 5,
      });
      expect(toldBy('held')).toEqual([]);
    } finally {
      release();
    }
    await sender.stop();
    expect(toldBy('held').sort()).toEqual(addresses('held', 5).sort());
  });

  it('link the page by its full address, which a mail client opens; the app keeps the path', async () => {
    const mailer = new KeptMails();
    const { controller, sender } = notificationsWith(mailer);
    const [reader] = (await people('linked', 1, 1)) as [number];
    const path = '/library/documents/12/acknowledge?from=mail&v=3';
    const notification: NotificationRequest = {
      type: 'info',
      key: 'acknowledgementRequested',
      params: { title: 'Cooling', version: 3, safetyRelevant: false, path },
    };
    await controller.notify({ userIds: [reader], notification });
    await sender.stop();
    const [mailed] = mailer.mails.filter((sent) => sent.to === 'linked1@notify.test');
    expect(mailed?.text).toMatch(
      /acknowledge them: https:\/\/hub\.notify\.test\/library\/documents\/12\/acknowledge\?from=mail&v=3\n$/,
    );
    expect(mailed?.html).toContain(
      `<a href="${PUBLIC_URL}/library/documents/12/acknowledge?from=mail&amp;v=3">`,
    );
    const [stored] = (await db.query(`SELECT message FROM notifications WHERE user_id = $1`, [
      reader,
    ])) as [{ message: string }];
    expect(stored.message).toMatch(
      /acknowledge them: \/library\/documents\/12\/acknowledge\?from=mail&v=3$/,
    );
  });

  it('are kept in the outbox without an SMTP server', async () => {
    const { controller, sender } = notificationsWith(new OutboxMailer(db));
    const ids = await people('kept', 4, 3);
    expect(await controller.notify({ userIds: ids, notification: NOTICE })).toEqual({
      delivered: 4,
    });
    await sender.stop();
    const rows = (await db.query(
      `SELECT recipient, subject FROM outbox_mails WHERE recipient LIKE 'kept%' ORDER BY id`,
    )) as { recipient: string; subject: string }[];
    expect(rows.map((row) => row.recipient).sort()).toEqual(addresses('kept', 3).sort());
    expect(new Set(rows.map((row) => row.subject))).toEqual(
      new Set(['Certifications due for renewal']),
    );
  });
});

describe('a notice mail, owed until the SMTP server takes it', () => {
  const addresses = (label: string, count: number) =>
    Array.from({ length: count }, (_, n) => `${label}${n + 1}@notify.test`);

  it('is stored with the notice, and sent by the next service to start when one stops first', async () => {
    const first = notificationsWith(new KeptMails());
    // Stopped before its mails left, as a service killed right after answering.
    await first.sender.stop();
    const ids = await people('owed', 3, 2);
    expect(await first.controller.notify({ userIds: ids, notification: NOTICE })).toEqual({
      delivered: 3,
    });
    expect((await owedTo('owed')).map((row) => row.email)).toEqual(addresses('owed', 2));

    const mailer = new KeptMails();
    const next = notificationsWith(mailer);
    next.sender.start();
    await expect
      .poll(() => mailer.mails.map((mail) => mail.to).sort())
      .toEqual(addresses('owed', 2));
    expect(await owedTo('owed')).toEqual([]);
    await next.sender.stop();
  });

  it('refused, keeps the reason and is handed over once the server takes mail again', async () => {
    const server = new MailCatcher();
    const url = await server.start();
    const port = Number(new URL(url).port);
    await server.stop();
    const { controller, sender } = notificationsWith(new SmtpMailer(url, 'hub@notify.test'), 100);
    const ids = await people('retry', 2, 2);
    await controller.notifyEach({ items: itemsOf(ids, 'retry') });
    await expect
      .poll(async () => (await owedTo('retry')).map((row) => [row.attempts, row.last_error]))
      .toEqual([
        [1, expect.stringMatching(/ECONNREFUSED/)],
        [1, expect.stringMatching(/ECONNREFUSED/)],
      ]);

    const back = new MailCatcher();
    await back.start(port);
    try {
      sender.start();
      await expect
        .poll(() => back.mails.map((mail) => mail.to).sort())
        .toEqual(addresses('retry', 2));
      await expect.poll(() => owedTo('retry')).toEqual([]);
    } finally {
      await sender.stop();
      await back.stop();
    }
  });

  it('is no longer owed once taken, while the rest of its batch is still being sent', async () => {
    const mailer = new TakingSome(3);
    const { controller, sender } = notificationsWith(mailer);
    const ids = await people('taken', 5, 5);
    await controller.notifyEach({ items: itemsOf(ids, 'taken') });
    await expect.poll(() => mailer.mails.length).toBe(3);
    // A service killed now would send these two again, not the three the server has.
    await expect
      .poll(async () => (await owedTo('taken')).map((row) => row.email))
      .toEqual(addresses('taken', 5).slice(3));
    mailer.release();
    await sender.stop();
    expect(await owedTo('taken')).toEqual([]);
    expect(mailer.mails.map((mail) => mail.to).sort()).toEqual(addresses('taken', 5).sort());
  });

  it('is handed over by SMTP with each mail named as the server takes it', async () => {
    const server = new MailCatcher();
    const url = await server.start();
    try {
      const taken: number[] = [];
      const mails = addresses('named', 3).map((to) =>
        mailOf(to, { title: 'T', message: 'M' }, PUBLIC_URL),
      );
      const outcomes = await new SmtpMailer(url, 'hub@notify.test').sendAll(mails, (index) =>
        taken.push(index),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(3).fill('fulfilled'));
      expect(taken.sort()).toEqual([0, 1, 2]);
      expect(server.mails.map((mail) => mail.to).sort()).toEqual(addresses('named', 3).sort());
    } finally {
      await server.stop();
    }
  });

  it('is given up on, never sent, once its reader was suspended', async () => {
    const first = notificationsWith(new KeptMails());
    await first.sender.stop();
    const ids = await people('suspended', 2, 2);
    await first.controller.notify({ userIds: ids, notification: NOTICE });
    await db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [ids[0]]);
    const mailer = new KeptMails();
    const next = notificationsWith(mailer);
    next.sender.start();
    await expect
      .poll(() => mailer.mails.map((mail) => mail.to))
      .toEqual(['suspended2@notify.test']);
    await next.sender.stop();
    expect(await owedTo('suspended')).toEqual([
      {
        email: 'suspended1@notify.test',
        attempts: 0,
        last_error: 'The person is suspended.',
        given_up: true,
      },
    ]);
  });

  it('is given up on after its last attempt, the reason kept', async () => {
    const { controller, sender } = notificationsWith(new RefusingMails());
    const [ann] = (await people('given-up', 1, 1)) as [number];
    await controller.notify({ userIds: [ann], notification: NOTICE });
    await expect
      .poll(() => owedTo('given-up'))
      .toEqual([
        { email: 'given-up1@notify.test', attempts: 1, last_error: MAILBOX_FULL, given_up: false },
      ]);
    // Eight more refusals behind it, and due again now.
    await db.query(
      `UPDATE notification_mails m SET attempts = 9, due_at = now() FROM notifications n
        WHERE n.id = m.notification_id AND n.user_id = $1`,
      [ann],
    );
    sender.sendSoon();
    await expect
      .poll(() => owedTo('given-up'))
      .toEqual([
        { email: 'given-up1@notify.test', attempts: 10, last_error: MAILBOX_FULL, given_up: true },
      ]);
    await db.query(
      `UPDATE notification_mails m SET due_at = now() FROM notifications n
        WHERE n.id = m.notification_id AND n.user_id = $1`,
      [ann],
    );
    sender.sendSoon();
    await sender.stop();
    expect((await owedTo('given-up')).map((row) => row.attempts)).toEqual([10]);
  });
});
