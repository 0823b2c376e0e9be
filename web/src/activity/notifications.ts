import type { ActivitySummary, Notification, NotificationSettings } from '@hub/proto';
import { i18n } from '../i18n/i18n';

export type PreferenceKey = keyof NotificationSettings;

/**
 * The five switches, in the order the page shows them; each one's label is the catalog's
 * `activity.preferences.<key>`, what it does `<key>Description`.
 */
export const PREFERENCES: readonly PreferenceKey[] = [
  'emailNotifications',
  'pushNotifications',
  'systemUpdates',
  'activitySummary',
  'marketingEmails',
];

/** The body of PUT /api/notification-settings: only the one flag that changed. */
export function settingChange(key: PreferenceKey, value: boolean): Partial<NotificationSettings> {
  return { [key]: value };
}

export function unreadCount(notifications: readonly Notification[]): number {
  return notifications.filter((notification) => !notification.read).length;
}

/** The list with one notification (or, without an id, all of them) marked read. */
export function markedRead(notifications: readonly Notification[], id?: number): Notification[] {
  return notifications.map((notification) =>
    id === undefined || notification.id === id ? { ...notification, read: true } : notification,
  );
}

/**
 * Mark All as Read's bound: the newest notification shown (the first page's first). One that
 * arrives after the page was read stays unread on the server.
 */
export function newestShown(
  pages: readonly { notifications: readonly Notification[] }[] | undefined,
): number | undefined {
  return pages?.[0]?.notifications[0]?.id;
}

/** The list with every notification up to `upTo` marked read (all of them without it). */
export function markedReadUpTo(
  notifications: readonly Notification[],
  upTo: number | undefined,
): Notification[] {
  return notifications.map((notification) =>
    upTo === undefined || notification.id <= upTo ? { ...notification, read: true } : notification,
  );
}

/**
 * The Activity Summary's three counters, each labelled with what it counts. The second one
 * (the spec's actionsCompleted) counts notifications the person has read, all time: it is not
 * the work he did (observations, courses), so it does not pretend to be.
 */
export function summaryRows(
  summary: ActivitySummary | undefined,
): { label: string; hint: string; value: number | undefined }[] {
  return [
    {
      label: i18n.t('activity.summary.thisWeek'),
      hint: i18n.t('activity.summary.thisWeekHint'),
      value: summary?.notificationsThisWeek,
    },
    {
      label: i18n.t('activity.summary.read'),
      hint: i18n.t('activity.summary.readHint'),
      value: summary?.actionsCompleted,
    },
    {
      label: i18n.t('activity.summary.pending'),
      hint: i18n.t('activity.summary.pendingHint'),
      value: summary?.pendingItems,
    },
  ];
}
