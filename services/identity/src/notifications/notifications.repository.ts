import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThanOrEqual } from 'typeorm';
import type { Notification, NotificationSettings, PageRequest } from '@hub/proto';
import { keysetIds } from '@hub/kit';
import { UserEntity } from '../users/user.entity.js';
import { NotificationEntity } from './notification.entity.js';
import { NotificationSettingsEntity } from './notification-settings.entity.js';

export interface NotificationRow {
  userId: number;
  organizationId: number;
  type: Notification['type'];
  title: string;
  message: string;
}

export interface NotificationCounts {
  this_week: number;
  read: number;
  unread: number;
}

/** How many notifications a statement stored, and whether any of them owes a mail. */
export interface Told {
  told: number;
  mailOwed: boolean;
}

/** The rows' columns as arrays, in `notifications`' order: for `unnest`. */
const columnsOf = (rows: NotificationRow[]) => [
  rows.map((row) => row.userId),
  rows.map((row) => row.organizationId),
  rows.map((row) => row.type),
  rows.map((row) => row.title),
  rows.map((row) => row.message),
];

/** Each user's notifications and notification settings, and who hears about an organization. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get notifications() {
    return this.db.getRepository(NotificationEntity);
  }

  private get settings() {
    return this.db.getRepository(NotificationSettingsEntity);
  }

  /**
   * Who among these can be told: one the identity provider suspended cannot sign in to read a
   * notice, and mailing them would keep telling the organization's affairs to someone it cut off.
   */
  findUsers(userIds: number[]): Promise<UserEntity[]> {
    return this.db.getRepository(UserEntity).findBy({ id: In(userIds), suspendedAt: IsNull() });
  }

  /** The active admins of an organization. */
  async findActiveAdminIds(organizationId: number): Promise<number[]> {
    const admins = await this.db
      .getRepository(UserEntity)
      .findBy({ organizationId, role: 'admin', isActive: true });
    return admins.map((admin) => admin.id);
  }

  /** Inserts every row: how many, and whether a mail is owed. */
  async insert(rows: NotificationRow[]): Promise<Told> {
    if (rows.length === 0) return { told: 0, mailOwed: false };
    return this.insertTold(
      `SELECT *, NULL::text FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[])`,
      columnsOf(rows),
      false,
    );
  }

  /**
   * Inserts the notifications `select` names (user, organization, type, title, message, key) and,
   * in the same statement, the mail each one owes a reader who chose email notifications
   * (`notification_mails`): stored together or not at all. With `once`, a person who already
   * has a notification under the row's key gets neither. Answers how many were inserted and
   * whether any owes a mail (so a notice nobody reads by mail does not wake the sender).
   */
  private async insertTold(select: string, params: unknown[], once: boolean): Promise<Told> {
    const rows: { mailed: boolean }[] = await this.db.query(
      `WITH told AS (
         INSERT INTO notifications (user_id, organization_id, type, title, message, dedupe_key)
         ${select}
         ${once ? 'ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING' : ''}
         RETURNING id, user_id, dedupe_key
       ), mails AS (
         INSERT INTO notification_mails (notification_id)
         SELECT told.id FROM told
           JOIN notification_settings s ON s.user_id = told.user_id AND s.email_notifications
         RETURNING notification_id
       )
       SELECT mails.notification_id IS NOT NULL AS mailed
         FROM told LEFT JOIN mails ON mails.notification_id = told.id`,
      params,
    );
    return { told: rows.length, mailOwed: rows.some((row) => row.mailed) };
  }

  /**
   * Inserts each row under `key` unless its person already has a notification with that key;
   * answers how many were inserted (one statement, the unique index decides under races).
   */
  async insertOnce(rows: NotificationRow[], key: string): Promise<Told> {
    if (rows.length === 0) return { told: 0, mailOwed: false };
    return this.insertTold(
      `SELECT *, $6::text FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[])`,
      [...columnsOf(rows), key],
      true,
    );
  }

  /**
   * Inserts each row under its own key unless its person already has a notification with that
   * key; answers how many were inserted (one statement, the unique index decides under races).
   */
  async insertEach(rows: (NotificationRow & { key: string })[]): Promise<Told> {
    if (rows.length === 0) return { told: 0, mailOwed: false };
    return this.insertTold(
      `SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [...columnsOf(rows), rows.map((row) => row.key)],
      true,
    );
  }

  /** One page of the user's notifications' ids, newest first. */
  pageIds(userId: number, page: PageRequest) {
    return keysetIds(this.db, {
      from: 'notifications n',
      where: 'n.user_id = $1',
      params: [userId],
      at: 'n.created_at',
      id: 'n.id',
      ...page,
    });
  }

  findByIds(ids: number[]): Promise<NotificationEntity[]> {
    return this.notifications.findBy({ id: In(ids) });
  }

  countUnread(userId: number): Promise<number> {
    return this.notifications.countBy({ userId, readAt: IsNull() });
  }

  /** The user's own notification; null for anyone else's. */
  findOwn(userId: number, notificationId: number): Promise<NotificationEntity | null> {
    return this.notifications.findOneBy({ id: notificationId, userId });
  }

  async markRead(notificationId: number, readAt: Date): Promise<void> {
    await this.notifications.update(notificationId, { readAt });
  }

  /** How many were unread (of those up to `upTo`, when given: ids grow with arrival). */
  async markAllRead(userId: number, upTo?: number): Promise<number> {
    const result = await this.notifications.update(
      { userId, readAt: IsNull(), ...(upTo === undefined ? {} : { id: LessThanOrEqual(upTo) }) },
      { readAt: new Date() },
    );
    return result.affected ?? 0;
  }

  findSettings(userId: number): Promise<NotificationSettingsEntity | null> {
    return this.settings.findOneBy({ userId });
  }

  /**
   * One statement: a new row takes the defaults beside these flags, an existing one changes
   * these alone (TypeORM's upsert overwrites only the columns given).
   */
  async saveSettings(userId: number, settings: Partial<NotificationSettings>): Promise<void> {
    await this.settings.upsert({ userId, ...settings }, ['userId']);
  }

  /** The user's notifications of the last 7 days, read ones and unread ones. */
  async countForSummary(userId: number): Promise<NotificationCounts | undefined> {
    // Raw SQL: an aggregate (counts with FILTER).
    const [counts] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS this_week,
              count(*) FILTER (WHERE read_at IS NOT NULL)::int AS read,
              count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM notifications WHERE user_id = $1`,
      [userId],
    )) as NotificationCounts[];
    return counts;
  }

  /**
   * Users who have not accepted their invitation, of one organization or of every one (null).
   * Someone suspended before accepting is nobody's pending item: their invitation cannot be
   * accepted meanwhile, so nobody waits for them.
   */
  countPendingUsers(organizationId: number | null): Promise<number> {
    const pending = { isActive: false, suspendedAt: IsNull() };
    return this.db
      .getRepository(UserEntity)
      .countBy(organizationId === null ? pending : { ...pending, organizationId });
  }
}
