import type { Notification } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlertTriangle, Bell, CheckCheck, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { loadedRows } from '../api/paging';
import { readableErrorMessage } from '../api/errors';
import { formatRelativeTime } from '../dashboard/format';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { LoadMore } from '../ui/LoadMore';
import { smallOutlineButtonClass } from '../ui/styles';
import { useMarkRead } from './mutations';
import { newestShown } from './notifications';
import { NOTIFICATIONS_POLL_MS, notificationsQuery } from './queries';
import { useTranslation } from 'react-i18next';

const TYPE_ICONS: Record<Notification['type'], ReactNode> = {
  info: <Info className="size-5 text-blue-600" />,
  success: <CheckCircle2 className="size-5 text-green-600" />,
  warning: <AlertTriangle className="size-5 text-amber-500" />,
  error: <XCircle className="size-5 text-red-600" />,
};

export function RecentNotificationsCard() {
  const { t } = useTranslation();
  const notifications = useInfiniteQuery({
    ...notificationsQuery,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
  const { one, all } = useMarkRead();
  const { rows, totalCount } = loadedRows(notifications.data?.pages, (page) => page.notifications);
  const list = rows ?? [];
  // Unread ones on pages not loaded yet count too.
  const unread = notifications.data?.pages[notifications.data.pages.length - 1]?.unreadCount ?? 0;

  return (
    <Card testId="recent-notifications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('activity.notifications.title')}</CardTitle>
        <button
          type="button"
          data-testid="mark-all-read"
          disabled={unread === 0 || all.isPending}
          onClick={() => all.mutate(newestShown(notifications.data?.pages))}
          className={smallOutlineButtonClass}
        >
          <CheckCheck className="size-3.5" /> {t('activity.notifications.markAll')}
        </button>
      </div>
      <div className="mt-4 space-y-2">
        {notifications.isPending && <Skeleton className="h-20" />}
        {notifications.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('activity.notifications.loadFailed', {
              message: readableErrorMessage(notifications.error),
            })}
          </p>
        )}
        {rows?.length === 0 && (
          <div className="flex flex-col items-center gap-2 py-8 text-sm text-slate-500">
            <Bell className="size-8 text-slate-300" />
            {t('activity.notifications.empty')}
          </div>
        )}
        {list.map((notification) => (
          <div
            key={notification.id}
            data-testid="notification-item"
            data-read={notification.read}
            className={clsx(
              'flex flex-wrap items-start gap-3 rounded-md border p-3',
              notification.read
                ? 'border-slate-200 dark:border-slate-800'
                : 'border-blue-200 bg-blue-50/60 dark:border-blue-900 dark:bg-blue-950/40',
            )}
          >
            <span className="mt-0.5 shrink-0">{TYPE_ICONS[notification.type]}</span>
            <div className="min-w-0 flex-1 basis-48">
              <div className="flex items-center gap-2">
                <span className="min-w-0 font-medium wrap-anywhere">{notification.title}</span>
                {!notification.read && (
                  <span
                    role="img"
                    aria-label={t('activity.notifications.unread')}
                    className="size-2 rounded-full bg-blue-600"
                  />
                )}
              </div>
              <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-300">
                {notification.message}
              </p>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {formatRelativeTime(notification.timestamp)}
              </p>
            </div>
            {!notification.read && (
              <button
                type="button"
                data-testid="mark-read"
                disabled={one.isPending}
                onClick={() => one.mutate(notification.id)}
                className={smallOutlineButtonClass}
              >
                {t('activity.notifications.markRead')}
              </button>
            )}
          </div>
        ))}
        <LoadMore
          noun="notifications"
          shown={list.length}
          total={totalCount}
          hasMore={notifications.hasNextPage}
          loading={notifications.isFetchingNextPage}
          onLoadMore={() => void notifications.fetchNextPage()}
        />
      </div>
    </Card>
  );
}
