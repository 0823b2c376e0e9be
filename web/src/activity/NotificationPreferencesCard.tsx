import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { readableErrorMessage } from '../api/errors';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { useChangeNotificationSetting } from './mutations';
import { PREFERENCES } from './notifications';
import { notificationSettingsQuery } from './queries';
import { useTranslation } from 'react-i18next';

export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const settings = useQuery(notificationSettingsQuery);
  const change = useChangeNotificationSetting();

  return (
    <Card testId="notification-preferences">
      <CardTitle>{t('activity.preferences.title')}</CardTitle>
      {settings.isPending && <Skeleton className="mt-4 h-40" />}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('activity.preferences.loadFailed', { message: readableErrorMessage(settings.error) })}
        </p>
      )}
      {settings.data && (
        <ul className="mt-4 space-y-4">
          {PREFERENCES.map((key) => (
            <li key={key} className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <label htmlFor={`pref-${key}`} className="text-sm font-medium">
                  {t(`activity.preferences.${key}`)}
                </label>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t(`activity.preferences.${key}Description`)}
                </p>
              </div>
              <Switch.Root
                id={`pref-${key}`}
                data-testid={`pref-${key}`}
                checked={settings.data[key]}
                disabled={change.isPending}
                onCheckedChange={(value) => change.mutate({ key, value })}
                className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-blue-600 disabled:opacity-60 dark:bg-slate-700"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
