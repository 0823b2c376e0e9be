import { type Notification, type NotificationSettings } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import {
  markedRead,
  markedReadUpTo,
  settingChange,
  unreadCount,
  type PreferenceKey,
} from './notifications';
import { activitySummaryQuery, notificationSettingsQuery, notificationsQuery } from './queries';
import { refreshQueries } from '../api/refresh';

/** A switch flips at once; the saved settings replace it, or the old ones come back on failure. */
export function useChangeNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: PreferenceKey; value: boolean }) =>
      call(api.changeNotificationSetting, { body: settingChange(key, value) }),
    onMutate: ({ key, value }) => {
      const previous = queryClient.getQueryData(notificationSettingsQuery.queryKey);
      if (previous) {
        queryClient.setQueryData(notificationSettingsQuery.queryKey, {
          ...previous,
          [key]: value,
        });
      }
      return { previous };
    },
    onSuccess: (saved: NotificationSettings) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, saved);
      toast({
        title: i18n.t('activity.preferences.updated'),
        description: i18n.t('activity.preferences.updatedDescription'),
      });
    },
    onError: (error, _, context) => {
      if (context?.previous) {
        queryClient.setQueryData(notificationSettingsQuery.queryKey, context.previous);
      }
      toast(
        failureToast(
          i18n.t('activity.preferences.updateFailedTitle'),
          error,
          i18n.t('activity.preferences.updateFailed'),
        ),
      );
    },
  });
}

/**
 * Marks one notification read (`one`), or all of them up to the newest shown (`all`, given that
 * id), on the loaded pages too; the list is then read again for what arrived meanwhile.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const settle = async (read: (notifications: Notification[]) => Notification[]) => {
    queryClient.setQueryData(notificationsQuery.queryKey, (data) => {
      if (!data) return data;
      const pages = data.pages.map((page) => ({
        ...page,
        notifications: read(page.notifications),
      }));
      // Every page carries the person's whole unread count: each loses all the loaded ones read.
      const before = data.pages.reduce((sum, page) => sum + unreadCount(page.notifications), 0);
      const after = pages.reduce((sum, page) => sum + unreadCount(page.notifications), 0);
      return {
        ...data,
        pages: pages.map((page) => ({
          ...page,
          unreadCount: Math.max(0, page.unreadCount - (before - after)),
        })),
      };
    });
    await refreshQueries(queryClient, activitySummaryQuery.queryKey);
  };
  const one = useMutation({
    mutationFn: (id: number) => call(api.markNotificationRead, { params: { id } }),
    onSuccess: async (_, id) => {
      toast({
        title: i18n.t('activity.notifications.marked'),
        description: i18n.t('activity.notifications.markedDescription'),
      });
      await settle((notifications) => markedRead(notifications, id));
    },
    onError: (error) =>
      toast(
        failureToast(i18n.t('activity.error'), error, i18n.t('activity.notifications.markFailed')),
      ),
  });
  const all = useMutation({
    mutationFn: (upTo: number | undefined) =>
      call(api.markAllNotificationsRead, { body: upTo === undefined ? {} : { upTo } }),
    onSuccess: async (_, upTo) => {
      toast({
        title: i18n.t('activity.notifications.allMarked'),
        description: i18n.t('activity.notifications.allMarkedDescription'),
      });
      await settle((notifications) => markedReadUpTo(notifications, upTo));
      // Unread ones on pages not loaded, and any that arrived after the newest shown.
      await refreshQueries(queryClient, notificationsQuery.queryKey);
    },
    onError: (error) =>
      toast(
        failureToast(
          i18n.t('activity.error'),
          error,
          i18n.t('activity.notifications.allMarkFailed'),
        ),
      ),
  });
  return { one, all };
}
