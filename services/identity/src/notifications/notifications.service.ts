import { Inject, Injectable } from '@nestjs/common';
import type {
  Actor,
  Language,
  ActivitySummary,
  Notification,
  NotificationPage,
  NotificationRequest,
  NotificationSettingChange,
  NotificationSettings,
  PageRequest,
} from '@hub/proto';
import { type Reader, RpcFailure, writeNotification } from '@hub/kit';
import { PreferencesService } from '../settings/preferences.service.js';
import type { NotificationEntity } from './notification.entity.js';
import { NotificationMailSender } from './notification-mail-sender.js';
import { NotificationsRepository } from './notifications.repository.js';

export interface NewNotification {
  type: Notification['type'];
  title: string;
  message: string;
}

/** One person's own notification under its own key (identityRpc.notifyEach). */
export interface NotifyItem {
  userId: number;
  notification: NotificationRequest;
  key: string;
}

/**
 * A notification written for each reader in their language (from the server catalog), its dates
 * in their time zone.
 */
export type LocalizedNotification = (language: Language, timeZone: string) => NewNotification;

/** One whose preferences were not found: what the server writes to one who chose nothing. */
const UNKNOWN_READER: Reader = { language: 'en', timeZone: 'UTC' };

const DEFAULT_SETTINGS: NotificationSettings = {
  emailNotifications: false,
  pushNotifications: false,
  systemUpdates: false,
  activitySummary: false,
  marketingEmails: false,
};

const toView = (row: NotificationEntity): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  read: row.readAt !== null,
  timestamp: row.createdAt.toISOString(),
});

@Injectable()
export class NotificationsService {
  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(NotificationMailSender) private readonly mails: NotificationMailSender,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {}

  /**
   * Records a notification for each user; those who chose email notifications are owed a mail,
   * stored with it and sent after the answer (NotificationMailSender). A localized one is
   * written (stored and mailed) in each reader's language and time zone. With a `key`, a user
   * who already has a notification under it gets neither again (a retried call). How many were
   * told now (not those told before under the key, nor ids of nobody).
   */
  async notify(
    userIds: number[],
    given: NewNotification | LocalizedNotification,
    key?: string,
  ): Promise<number> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return 0;
    const users = await this.notifications.findUsers(unique);
    const readers =
      typeof given === 'function'
        ? new Map(
            (await this.preferences.readersOf(unique)).map((reader) => [reader.userId, reader]),
          )
        : new Map<number, Reader>();
    const written = new Map(
      users.map((user) => {
        const { language, timeZone } = readers.get(user.id) ?? UNKNOWN_READER;
        return [user.id, typeof given === 'function' ? given(language, timeZone) : given];
      }),
    );
    const rows = users.map((user) => ({
      ...written.get(user.id)!,
      userId: user.id,
      organizationId: user.organizationId,
    }));
    const { told, mailOwed } =
      key === undefined
        ? await this.notifications.insert(rows)
        : await this.notifications.insertOnce(rows, key);
    if (mailOwed) this.mails.sendSoon();
    return told;
  }

  /**
   * Tells each item's person their own notification under the item's key, written in their
   * language and time zone, all in one statement; a person already told under a key is not told
   * again. Mailed as `notify`'s: only what is new, to those who chose email notifications. How
   * many new.
   */
  async tellEach(items: NotifyItem[]): Promise<number> {
    if (items.length === 0) return 0;
    const userIds = [...new Set(items.map((item) => item.userId))];
    const users = new Map((await this.notifications.findUsers(userIds)).map((u) => [u.id, u]));
    const readers = new Map(
      (await this.preferences.readersOf(userIds)).map((reader) => [reader.userId, reader]),
    );
    const now = new Date();
    const rows = items.flatMap(({ userId, notification, key }) => {
      const user = users.get(userId);
      if (!user) return [];
      const { type, ...text } = notification;
      const written = writeNotification(text, readers.get(userId) ?? UNKNOWN_READER, now);
      return [{ type, ...written, userId, organizationId: user.organizationId, key }];
    });
    const { told, mailOwed } = await this.notifications.insertEach(rows);
    if (mailOwed) this.mails.sendSoon();
    return told;
  }

  /**
   * What another service asks to tell, written (stored and mailed) in each reader's language
   * and time zone. How many were told now.
   */
  tell(userIds: number[], request: NotificationRequest, key?: string): Promise<number> {
    const { type, ...text } = request;
    const now = new Date();
    return this.notify(
      userIds,
      (language, timeZone) => ({ type, ...writeNotification(text, { language, timeZone }, now) }),
      key,
    );
  }

  /** The active admins of an organization, who hear about its accounts. */
  organizationAdmins(organizationId: number): Promise<number[]> {
    return this.notifications.findActiveAdminIds(organizationId);
  }

  async list(actor: Actor, page: PageRequest): Promise<NotificationPage> {
    const { ids, totalCount, nextCursor } = await this.notifications.pageIds(actor.userId, page);
    const rows = ids.length ? await this.notifications.findByIds(ids) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unreadCount = await this.notifications.countUnread(actor.userId);
    return {
      notifications: ids.flatMap((id) => (byId.has(id) ? [toView(byId.get(id)!)] : [])),
      totalCount,
      unreadCount,
      nextCursor,
    };
  }

  async markRead(actor: Actor, notificationId: number): Promise<Notification> {
    const row = await this.notifications.findOwn(actor.userId, notificationId);
    if (!row) throw RpcFailure.notFound('Notification not found');
    if (!row.readAt) {
      row.readAt = new Date();
      await this.notifications.markRead(row.id, row.readAt);
    }
    return toView(row);
  }

  /**
   * The person's unread notifications up to `upTo`, the newest the page showed: one that
   * arrived after the page was read is left unread, not marked unseen. Without it, every one.
   */
  async markAllRead(actor: Actor, upTo?: number): Promise<{ updated: number }> {
    return { updated: await this.notifications.markAllRead(actor.userId, upTo) };
  }

  async settings(actor: Actor): Promise<NotificationSettings> {
    const row = await this.notifications.findSettings(actor.userId);
    if (!row) return DEFAULT_SETTINGS;
    const { userId: _userId, ...settings } = row;
    return settings;
  }

  /**
   * Writes the changed flag alone, then answers the settings as stored: writing back every flag
   * as read before lost a change another device made meanwhile.
   */
  async changeSetting(
    actor: Actor,
    change: NotificationSettingChange,
  ): Promise<NotificationSettings> {
    await this.notifications.saveSettings(actor.userId, change);
    return this.settings(actor);
  }

  /**
   * Notifications of the last 7 days; actions completed = notifications acted on (read);
   * pending = unread notifications, plus pending invitations for those who manage accounts.
   */
  async summary(actor: Actor): Promise<ActivitySummary> {
    const counts = await this.notifications.countForSummary(actor.userId);
    return {
      notificationsThisWeek: counts?.this_week ?? 0,
      actionsCompleted: counts?.read ?? 0,
      pendingItems: (counts?.unread ?? 0) + (await this.pendingInvitations(actor)),
    };
  }

  private async pendingInvitations(actor: Actor): Promise<number> {
    if (actor.role !== 'super_admin' && actor.role !== 'admin') return 0;
    return this.notifications.countPendingUsers(
      actor.role === 'admin' ? actor.organizationId : null,
    );
  }
}
