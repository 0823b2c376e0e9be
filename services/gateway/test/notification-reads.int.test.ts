import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Mailer, OutgoingMail } from '@hub/kit';
import { type Actor, api, type NotificationRequest } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../../identity/src/test-support/identity-database-template.js';
import { openIdentityDatabase } from '../../identity/src/database.js';
import { NotificationMailSender } from '../../identity/src/notifications/notification-mail-sender.js';
import { NotificationMailsRepository } from '../../identity/src/notifications/notification-mails.repository.js';
import { NotificationsController } from '../../identity/src/notifications/notifications.controller.js';
import { NotificationsRepository } from '../../identity/src/notifications/notifications.repository.js';
import { NotificationsService } from '../../identity/src/notifications/notifications.service.js';
import { PreferencesService } from '../../identity/src/settings/preferences.service.js';
import { SettingsRepository } from '../../identity/src/settings/settings.repository.js';

/** A person's own notifications and preferences, read and changed through identity's controller. */
let resources: TestResources;
let db: DataSource;
let organizationId = 0;
let controller: NotificationsController;
let sender: NotificationMailSender;
const mails: OutgoingMail[] = [];

const NOTICE: NotificationRequest = {
  type: 'info',
  key: 'certificationDigest',
  params: { expiringSoon: 1, expired: 0, path: '/insights/certifications' },
};

/** Mails kept in memory. */
const keptMails: Mailer = {
  kind: 'outbox',
  send: (mail) => {
    mails.push(mail);
    return Promise.resolve();
  },
  sendAll: (sent) => {
    mails.push(...sent);
    return Promise.resolve(sent.map(() => ({ status: 'fulfilled', value: undefined })));
  },
};

/** A new operator of the organization, as an actor. */
async function person(label: string): Promise<Actor> {
  const [row] = (await db.query(
    `INSERT INTO users (email, name, role, organization_id, is_active)
     VALUES ($1 || '@reads.test', $1, 'operator', $2, true) RETURNING id`,
    [label, organizationId],
  )) as { id: number }[];
  return { userId: row!.id, organizationId, role: 'operator' };
}

const tell = (actor: Actor) => controller.notify({ userIds: [actor.userId], notification: NOTICE });

const page = (actor: Actor) => controller.list({ actor, page: { limit: 50 } });

/** POST /api/notifications/read-all with this body, as the gateway parses and relays it. */
function markAll(actor: Actor, body: unknown) {
  const { body: schema, relay } = api.markAllNotificationsRead;
  if (!schema || !relay) throw new Error('Mark All as Read takes a body and is relayed');
  const call = { actor, body: schema.parse(body), params: {}, query: {} };
  return controller.markAllRead(relay.request(call));
}

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  const rows = (await db.query(
    `INSERT INTO organizations (name, display_name, domain)
     VALUES ('reads', 'Reads Ltd', 'reads.test') RETURNING id`,
  )) as { id: number }[];
  organizationId = rows[0]!.id;
  sender = new NotificationMailSender(new NotificationMailsRepository(db), keptMails, {
    NOTIFICATION_MAIL_RETRY_MS: 60_000,
    PUBLIC_URL: 'https://hub.reads.test',
  });
  const service = new NotificationsService(
    new NotificationsRepository(db),
    sender,
    new PreferencesService(new SettingsRepository(db)),
  );
  controller = new NotificationsController(service);
});

/** Identity's notifications over a sender that sends nothing: mails stay owed. */
function withHeldMails(): NotificationsController {
  const held = new NotificationMailSender(new NotificationMailsRepository(db), keptMails, {
    NOTIFICATION_MAIL_RETRY_MS: 60_000,
    PUBLIC_URL: 'https://hub.reads.test',
  });
  void held.stop();
  const repository = new NotificationsRepository(db);
  const preferences = new PreferencesService(new SettingsRepository(db));
  return new NotificationsController(new NotificationsService(repository, held, preferences));
}

afterAll(async () => {
  await sender?.stop();
  await db?.destroy();
  await resources?.release();
});

describe('Mark All as Read', () => {
  it('marks what the page showed, not a notice that arrived after it was read', async () => {
    const ann = await person('ann');
    await tell(ann);
    await tell(ann);
    const shown = await page(ann);
    expect(shown.unreadCount).toBe(2);
    // A notice arrives between the page's last read and the click.
    await tell(ann);
    const upTo = shown.notifications[0]!.id;
    expect(await markAll(ann, { upTo })).toEqual({ updated: 2 });
    const after = await page(ann);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.filter((notice) => !notice.read)).toHaveLength(1);
    expect(after.notifications[0]!.read).toBe(false);
    // Without a bound (an older API client), every unread one.
    expect(await markAll(ann, {})).toEqual({ updated: 1 });
    expect((await page(ann)).unreadCount).toBe(0);
  });

  it("never marks another person's notices", async () => {
    const [bea, cal] = [await person('bea'), await person('cal')];
    await tell(bea);
    await tell(cal);
    const upTo = (await page(cal)).notifications[0]!.id;
    expect(await markAll(bea, { upTo })).toEqual({ updated: 1 });
    expect((await page(cal)).unreadCount).toBe(1);
  });
});

describe('notification preferences', () => {
  it('keeps both of two changes made at once (two devices, one flag each)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const dee = await person(`dee${round}`);
      await Promise.all([
        controller.changeSetting({ actor: dee, change: { emailNotifications: true } }),
        controller.changeSetting({ actor: dee, change: { pushNotifications: true } }),
        controller.changeSetting({ actor: dee, change: { systemUpdates: true } }),
      ]);
      expect(await controller.settings({ actor: dee })).toEqual({
        emailNotifications: true,
        pushNotifications: true,
        systemUpdates: true,
        activitySummary: false,
        marketingEmails: false,
      });
    }
  });
});

describe('mails owed', () => {
  it('are not sent once their reader turned email notifications off', async () => {
    const eve = await person('eve');
    await controller.changeSetting({ actor: eve, change: { emailNotifications: true } });
    // Told while the mail server is away: the mail is owed.
    await withHeldMails().notify({ userIds: [eve.userId], notification: NOTICE });
    const owed = () =>
      db.query(
        `SELECT m.given_up_at IS NOT NULL AS given_up, m.last_error FROM notification_mails m
           JOIN notifications n ON n.id = m.notification_id WHERE n.user_id = $1`,
        [eve.userId],
      ) as Promise<{ given_up: boolean; last_error: string | null }[]>;
    expect(await owed()).toEqual([{ given_up: false, last_error: null }]);
    await controller.changeSetting({ actor: eve, change: { emailNotifications: false } });
    sender.sendSoon();
    await expect.poll(async () => (await owed()).filter((mail) => !mail.given_up)).toEqual([]);
    expect(mails.map((mail) => mail.to)).not.toContain('eve@reads.test');
    expect(await owed()).toEqual([
      { given_up: true, last_error: 'The person turned email notifications off.' },
    ]);
  });
});
