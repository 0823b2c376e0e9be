import { Inject, Injectable, Logger } from '@nestjs/common';
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
import { type Mailer, RpcFailure, writeNotification } from '@hub/kit';
import { MAILER } from '../tokens.js';
import { PreferencesService } from '../settings/preferences.service.js';
import type { NotificationEntity } from './notification.entity.js';
import { NotificationsRepository } from './notifications.repository.js';

export interface NewNotification {
  type: Notification['type'];
  title: string;
  message: string;
}

/** A notification written for each reader in their language (from the server catalog). */
export type LocalizedNotification = (language: Language) => NewNotification;

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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {}

  /**
   * Records a notification for each user; those who chose email notifications also get a mail.
   * A localized one is written (stored and mailed) in each reader's language. With a `key`, a
   * user who already has a notification under it gets neither again (a retried call).
   */
  async notify(
    userIds: number[],
    given: NewNotification | LocalizedNotification,
    key?: string,
  ): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const users = await this.notifications.findUsers(unique);
    const languages =
      typeof given === 'function'
        ? new Map(
            (await this.preferences.languagesOf(unique)).map((found) => [
              found.userId,
              found.language,
            ]),
          )
        : new Map<number, Language>();
    const written = new Map(
      users.map((user) => [
        user.id,
        typeof given === 'function' ? given(languages.get(user.id) ?? 'en') : given,
      ]),
    );
    const rows = users.map((user) => ({
      ...written.get(user.id)!,
      userId: user.id,
      organizationId: user.organizationId,
    }));
    let told = unique;
    if (key === undefined) await this.notifications.insert(rows);
    else told = await this.notifications.insertOnce(rows, key);
    // Only those told now are mailed: a retry mails nobody twice (a crash between the insert
    // and the mail loses that mail rather than sending it twice).
    const mailed = told.length ? await this.notifications.findEmailSubscribers(told) : [];
    for (const setting of mailed) {
      const user = users.find((candidate) => candidate.id === setting.userId);
      if (!user) continue;
      const notification = written.get(user.id)!;
      await this.mailer
        .send({
          to: user.email,
          subject: notification.title,
          text: `${notification.message}\n`,
          html: `<p>${escapeHtml(notification.message)}</p>`,
        })
        .catch((error: unknown) =>
          this.logger.warn(`notification mail to ${user.email} failed: ${String(error)}`),
        );
    }
  }

  /** What another service asks to tell, written (stored and mailed) in each reader's language. */
  tell(userIds: number[], request: NotificationRequest, key?: string): Promise<void> {
    const { type, ...text } = request;
    return this.notify(
      userIds,
      (language) => ({ type, ...writeNotification(text, language) }),
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

  async markAllRead(actor: Actor): Promise<{ updated: number }> {
    return { updated: await this.notifications.markAllRead(actor.userId) };
  }

  async settings(actor: Actor): Promise<NotificationSettings> {
    const row = await this.notifications.findSettings(actor.userId);
    if (!row) return DEFAULT_SETTINGS;
    const { userId: _userId, ...settings } = row;
    return settings;
  }

  async changeSetting(
    actor: Actor,
    change: NotificationSettingChange,
  ): Promise<NotificationSettings> {
    const updated = { ...(await this.settings(actor)), ...change };
    await this.notifications.saveSettings(actor.userId, updated);
    return updated;
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
