import {
  api,
  type ActivitySummary,
  type Notification,
  type NotificationSettings,
} from '@hub/proto';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** While the Activity page is open, new notifications show up within 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const notificationsQuery = queryOptions({
  queryKey: [api.notifications.path],
  queryFn: ({ signal }): Promise<Notification[]> => call(api.notifications, { signal }),
});

export const notificationSettingsQuery = queryOptions({
  queryKey: [api.notificationSettings.path],
  queryFn: ({ signal }): Promise<NotificationSettings> =>
    call(api.notificationSettings, { signal }),
});

export const activitySummaryQuery = queryOptions({
  queryKey: [api.activitySummary.path],
  queryFn: ({ signal }): Promise<ActivitySummary> => call(api.activitySummary, { signal }),
});
