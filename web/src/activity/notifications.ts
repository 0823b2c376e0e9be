import type { ActivitySummary, Notification, NotificationSettings } from '@hub/proto';

export type PreferenceKey = keyof NotificationSettings;

export interface Preference {
  key: PreferenceKey;
  label: string;
  description: string;
}

/** The five switches, in the order the page shows them. */
export const PREFERENCES: readonly Preference[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Each new notification is also mailed to you.',
  },
  {
    key: 'pushNotifications',
    label: 'Push notifications',
    description: 'Notifications are pushed to the app while you are signed in.',
  },
  {
    key: 'systemUpdates',
    label: 'System updates',
    description: 'Notices about maintenance and changes to the platform.',
  },
  {
    key: 'activitySummary',
    label: 'Activity summary',
    description: 'A regular summary of your activity.',
  },
  {
    key: 'marketingEmails',
    label: 'Marketing emails',
    description: 'News about products and features.',
  },
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
 * The Activity Summary's three counters, each labelled with what it counts. The second one
 * (the spec's actionsCompleted) counts notifications the person has read, all time: it is not
 * the work he did (observations, courses), so it does not pretend to be.
 */
export function summaryRows(
  summary: ActivitySummary | undefined,
): { label: string; hint: string; value: number | undefined }[] {
  return [
    {
      label: 'Notifications this week',
      hint: 'Received in the last 7 days',
      value: summary?.notificationsThisWeek,
    },
    {
      label: 'Notifications read',
      hint: 'Notifications you have opened or marked as read',
      value: summary?.actionsCompleted,
    },
    {
      label: 'Pending items',
      hint: 'Unread notifications, and invitations not yet accepted for administrators',
      value: summary?.pendingItems,
    },
  ];
}
