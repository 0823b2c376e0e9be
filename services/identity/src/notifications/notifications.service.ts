import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
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
import { type Mailer, type OutgoingMail, RpcFailure, writeNotification } from '@hub/kit';
import { MAILER } from '../tokens.js';
import { PreferencesService } from '../settings/preferences.service.js';
import type { NotificationEntity } from './notification.entity.js';
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

/** A notification's mail. */
const mailOf = (to: string, notification: NewNotification): OutgoingMail => ({
  to,
  subject: notification.title,
  text: `${notification.message}\n`,
  html: `<p>${escapeHtml(notification.message)}</p>`,
});

@Injectable()
export class NotificationsService implements OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  /** Mails of notices already answered for, on their way. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    @Inject(NotificationsRepository) private readonly notifications: NotificationsRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(PreferencesService) private readonly preferences: PreferencesService,
  ) {}

  /**
   * Records a notification for each user; those who chose email notifications also get a mail
   * (sent after the answer, mailInBackground). A localized one is written (stored and mailed) in
   * each reader's language. With a `key`, a user who already has a notification under it gets
   * neither again (a retried call). How many were told now (not those told before under the
   * key, nor ids of nobody).
   */
  async notify(
    userIds: number[],
    given: NewNotification | LocalizedNotification,
    key?: string,
  ): Promise<number> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return 0;
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
    let told = rows.map((row) => row.userId);
    if (key === undefined) await this.notifications.insert(rows);
    else told = await this.notifications.insertOnce(rows, key);
    // Only those told now are mailed: a retry mails nobody twice (a crash between the insert
    // and the mail loses that mail rather than sending it twice).
    const mailed = told.length ? await this.notifications.findEmailSubscribers(told) : [];
    const byId = new Map(users.map((user) => [user.id, user]));
    this.mailInBackground(
      mailed.flatMap(({ userId }) => {
        const user = byId.get(userId);
        return user ? [mailOf(user.email, written.get(userId)!)] : [];
      }),
    );
    return told.length;
  }

  /**
   * Tells each item's person their own notification under the item's key, written in their
   * language, all in one statement; a person already told under a key is not told again. Mailed
   * as `notify` mails: only what is new, to those who chose email notifications. How many new.
   */
  async tellEach(items: NotifyItem[]): Promise<number> {
    if (items.length === 0) return 0;
    const userIds = [...new Set(items.map((item) => item.userId))];
    const users = new Map((await this.notifications.findUsers(userIds)).map((u) => [u.id, u]));
    const languages = new Map(
      (await this.preferences.languagesOf(userIds)).map((found) => [found.userId, found.language]),
    );
    const rows = items.flatMap(({ userId, notification, key }) => {
      const user = users.get(userId);
      if (!user) return [];
      const { type, ...text } = notification;
      const written = writeNotification(text, languages.get(userId) ?? 'en');
      return [{ type, ...written, userId, organizationId: user.organizationId, key }];
    });
    const told = await this.notifications.insertEach(rows);
    const toldIds = [...new Set(told.map((row) => row.user_id))];
    const mailed = new Set(
      (toldIds.length ? await this.notifications.findEmailSubscribers(toldIds) : []).map(
        (setting) => setting.userId,
      ),
    );
    const byKey = new Map(rows.map((row) => [`${row.userId} ${row.key}`, row]));
    this.mailInBackground(
      told.flatMap(({ user_id: userId, dedupe_key: key }) =>
        mailed.has(userId)
          ? [mailOf(users.get(userId)!.email, byKey.get(`${userId} ${key}`)!)]
          : [],
      ),
    );
    return told.length;
  }

  /**
   * Sends the mails of notices already stored after the call has its answer, over one
   * connection: the caller needs only the notices (a failed mail is logged, its notification
   * stays), and a sweep batch of 500 holders who read by mail would otherwise wait for 500
   * handovers. The service stops once they are sent.
   */
  private mailInBackground(mails: OutgoingMail[]): void {
    if (mails.length === 0) return;
    const sending = this.mailer.sendAll(mails).then(
      (outcomes) =>
        outcomes.forEach((outcome, index) => {
          if (outcome.status === 'rejected') this.mailFailed(mails[index]!, outcome.reason);
        }),
      (error: unknown) => mails.forEach((mail) => this.mailFailed(mail, error)),
    );
    this.sending.add(sending);
    void sending.finally(() => this.sending.delete(sending));
  }

  private mailFailed(mail: OutgoingMail, error: unknown): void {
    this.logger.warn(`notification mail to ${mail.to} failed: ${String(error)}`);
  }

  /** Waits for the mails still being sent (Nest calls it as the service stops). */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.sending);
  }

  /**
   * What another service asks to tell, written (stored and mailed) in each reader's language.
   * How many were told now.
   */
  tell(userIds: number[], request: NotificationRequest, key?: string): Promise<number> {
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
