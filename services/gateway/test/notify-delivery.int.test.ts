import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Mailer, type OutgoingMail, SmtpMailer } from '@hub/kit';
import type { NotificationRequest } from '@hub/proto';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openIdentityDatabase } from '../../identity/src/database.js';
import { OutboxMailer } from '../../identity/src/mail/outbox-mailer.js';
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

/** Identity's notifications controller (and its service) over the test database and this mailer. */
function notificationsWith(mailer: Mailer) {
  const service = new NotificationsService(
    new NotificationsRepository(db),
    mailer,
    new PreferencesService(new SettingsRepository(db)),
  );
  return { controller: new NotificationsController(service), service };
}

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
  resources = claimTestResources();
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
    expect(mailer.mails.map((mail) => mail.to)).toEqual([
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

  it('leave after the answer, and are sent before the service stops', async () => {
    const { controller, service } = notificationsWith(new SmtpMailer(smtpUrl, 'hub@notify.test'));
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
    await service.onModuleDestroy();
    expect(toldBy('held').sort()).toEqual(addresses('held', 5).sort());
  });

  it('are kept in the outbox without an SMTP server', async () => {
    const { controller, service } = notificationsWith(new OutboxMailer(db));
    const ids = await people('kept', 4, 3);
    expect(await controller.notify({ userIds: ids, notification: NOTICE })).toEqual({
      delivered: 4,
    });
    await service.onModuleDestroy();
    const rows = (await db.query(
      `SELECT recipient, subject FROM outbox_mails WHERE recipient LIKE 'kept%' ORDER BY id`,
    )) as { recipient: string; subject: string }[];
    expect(rows.map((row) => row.recipient).sort()).toEqual(addresses('kept', 3).sort());
    expect(new Set(rows.map((row) => row.subject))).toEqual(
      new Set(['Certifications due for renewal']),
    );
  });
});
