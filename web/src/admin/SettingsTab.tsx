import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { systemStatus } from '../api/health';
import { currentUserQuery, healthQuery } from '../api/queries';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

export function SettingsTab() {
  const { t } = useTranslation();
  const health = useQuery(healthQuery);
  const user = useQuery(currentUserQuery);
  const status = health.data ? systemStatus(health.data, t) : undefined;

  return (
    <Card>
      <CardTitle>{t('admin.settings.title')}</CardTitle>
      <div className="mt-4 space-y-2">
        {health.isPending && <Skeleton className="h-24" />}
        {health.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('admin.settings.loadFailed', { message: readableErrorMessage(health.error) })}
          </p>
        )}
        {status && (
          <p data-testid="system-status" className="text-sm font-medium">
            {t('admin.settings.overall', { status: status.text })}
          </p>
        )}
        {health.data &&
          Object.entries(health.data.components).map(([name, component]) => (
            <div
              key={name}
              data-testid="health-line"
              className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
            >
              <span className="flex items-center gap-2">
                <span
                  aria-hidden
                  className={clsx(
                    'size-2 rounded-full',
                    component.status === 'up' ? 'bg-green-500' : 'bg-red-500',
                  )}
                />
                <span className="font-medium capitalize">{name}</span>
              </span>
              <span className="text-slate-500 dark:text-slate-400">
                {component.status === 'up'
                  ? t('admin.settings.up')
                  : component.error
                    ? t('admin.settings.downWith', { error: component.error })
                    : t('admin.settings.down')}
                {component.latencyMs !== null && ` · ${component.latencyMs} ms`}
              </span>
            </div>
          ))}
        {health.data && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('admin.settings.checked', { time: formatDateTime(health.data.checkedAt) })}
          </p>
        )}
        {user.data && (
          <p data-testid="super-admin-contact" className="pt-2 text-sm">
            {t('admin.settings.contact', { name: user.data.name, email: user.data.email })}
          </p>
        )}
      </div>
    </Card>
  );
}
