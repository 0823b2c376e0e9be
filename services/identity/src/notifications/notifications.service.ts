import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import type {
  Actor,
  ActivitySummary,
  Notification,
  NotificationPage,
  NotificationSettingChange,
  NotificationSettings,
  PageRequest,
} from '@hub/proto';
import { keysetIds, type Mailer, RpcFailure } from '@hub/kit';
import { MAILER } from '../tokens.js';
import { UserEntity } from '../users/user.entity.js';
import { NotificationEntity } from './notification.entity.js';
import { NotificationSettingsEntity } from './notification-settings.entity.js';

export interface NewNotification {
  type: Notification['type'];
  title: string;
  message: string;
}

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
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  private get notifications() {
    return this.db.getRepository(NotificationEntity);
  }

  /** Records a notification for each user; those who chose email notifications also get a mail. */
  async notify(userIds: number[], notification: NewNotification): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const users = await this.db.getRepository(UserEntity).findBy({ id: In(unique) });
    await this.notifications.insert(
      users.map((user) => ({
        ...notification,
        userId: user.id,
        organizationId: user.organizationId,
      })),
    );
    const mailed = await this.db
      .getRepository(NotificationSettingsEntity)
      .findBy({ userId: In(unique), emailNotifications: true });
    for (const setting of mailed) {
      const user = users.find((candidate) => candidate.id === setting.userId);
      if (!user) continue;
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

  /** The active admins of an organization, who hear about its accounts. */
  async organizationAdmins(organizationId: number): Promise<number[]> {
    const admins = await this.db
      .getRepository(UserEntity)
      .findBy({ organizationId, role: 'admin', isActive: true });
    return admins.map((admin) => admin.id);
  }

  async list(actor: Actor, page: PageRequest): Promise<NotificationPage> {
    const { ids, totalCount, nextCursor } = await keysetIds(this.db, {
      from: 'notifications n',
      where: 'n.user_id = $1',
      params: [actor.userId],
      at: 'n.created_at',
      id: 'n.id',
      ...page,
    });
    const rows = ids.length ? await this.notifications.findBy({ id: In(ids) }) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unreadCount = await this.notifications.countBy({
      userId: actor.userId,
      readAt: IsNull(),
    });
    return {
      notifications: ids.flatMap((id) => (byId.has(id) ? [toView(byId.get(id)!)] : [])),
      totalCount,
      unreadCount,
      nextCursor,
    };
  }

  async markRead(actor: Actor, notificationId: number): Promise<Notification> {
    const row = await this.notifications.findOneBy({ id: notificationId, userId: actor.userId });
    if (!row) throw RpcFailure.notFound('Notification not found');
    if (!row.readAt) {
      row.readAt = new Date();
      await this.notifications.update(row.id, { readAt: row.readAt });
    }
    return toView(row);
  }

  async markAllRead(actor: Actor): Promise<{ updated: number }> {
    const result = await this.notifications.update(
      { userId: actor.userId, readAt: IsNull() },
      { readAt: new Date() },
    );
    return { updated: result.affected ?? 0 };
  }

  async settings(actor: Actor): Promise<NotificationSettings> {
    const row = await this.db
      .getRepository(NotificationSettingsEntity)
      .findOneBy({ userId: actor.userId });
    if (!row) return DEFAULT_SETTINGS;
    const { userId: _userId, ...settings } = row;
    return settings;
  }

  async changeSetting(
    actor: Actor,
    change: NotificationSettingChange,
  ): Promise<NotificationSettings> {
    const updated = { ...(await this.settings(actor)), ...change };
    await this.db
      .getRepository(NotificationSettingsEntity)
      .upsert({ userId: actor.userId, ...updated }, ['userId']);
    return updated;
  }

  /**
   * Notifications of the last 7 days; actions completed = notifications acted on (read);
   * pending = unread notifications, plus pending invitations for those who manage accounts.
   */
  async summary(actor: Actor): Promise<ActivitySummary> {
    const [counts] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS this_week,
              count(*) FILTER (WHERE read_at IS NOT NULL)::int AS read,
              count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM notifications WHERE user_id = $1`,
      [actor.userId],
    )) as { this_week: number; read: number; unread: number }[];
    return {
      notificationsThisWeek: counts?.this_week ?? 0,
      actionsCompleted: counts?.read ?? 0,
      pendingItems: (counts?.unread ?? 0) + (await this.pendingInvitations(actor)),
    };
  }

  private async pendingInvitations(actor: Actor): Promise<number> {
    if (actor.role !== 'super_admin' && actor.role !== 'admin') return 0;
    const scoped = actor.role === 'admin';
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS pending FROM users WHERE NOT is_active ${scoped ? 'AND organization_id = $1' : ''}`,
      scoped ? [actor.organizationId] : [],
    )) as { pending: number }[];
    return row?.pending ?? 0;
  }
}
