import { type ActivitySummary, type NotificationPage, type NotificationSettings } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

/** Notifications load 20 at a time; older ones on request. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** While the Activity page is open, new notifications show up within 30 s. */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const notificationsQuery = infiniteQueryOptions({
  queryKey: [api.notifications.path, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<NotificationPage> =>
    call(api.notifications, {
      query: { limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam },
      signal,
    }),
  ...cursorPaging,
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
