import { useTranslation } from 'react-i18next';
import { type NotificationSettings } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { notificationSettingsQuery } from '../activity/queries';
import { readableErrorMessage } from '../api/errors';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { useChangeChannel } from './mutations';
import type { en } from '../i18n/locales/en';

type Channel = keyof NotificationSettings;

/**
 * The stored preferences a user can act on here. In-app delivery is the app's own notification
 * list, which the stored pushNotifications flag describes ("pushed to the app while you are
 * signed in"); browser push and SMS have no delivery behind them, so they are shown as such.
 */
const CHANNELS: { key: Channel; label: Text; description: Text }[] = [
  { key: 'emailNotifications', label: 'email', description: 'emailDescription' },
  { key: 'pushNotifications', label: 'inApp', description: 'inAppDescription' },
  { key: 'activitySummary', label: 'weekly', description: 'weeklyDescription' },
];

const UNAVAILABLE: Text[] = ['browserPush', 'sms'];

/** A text of this card without values to fill in (settings.notifications in the catalog). */
type Text = Exclude<keyof typeof en.settings.notifications, 'loadFailed'>;

export function NotificationsCard() {
  const { t } = useTranslation();
  const text = (key: Text) => t(`settings.notifications.${key}`);
  const settings = useQuery(notificationSettingsQuery);
  const change = useChangeChannel();
  return (
    <Card testId="settings-notifications">
      <CardTitle>{text('title')}</CardTitle>
      {settings.isPending && <Skeleton className="mt-4 h-24" />}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('settings.notifications.loadFailed', {
            message: readableErrorMessage(settings.error),
          })}
        </p>
      )}
      {settings.data && (
        <ul className="mt-4 space-y-4">
          {CHANNELS.map((channel) => (
            <li key={channel.key} className="flex items-start justify-between gap-4">
              <div>
                <label htmlFor={`channel-${channel.key}`} className="text-sm font-medium">
                  {text(channel.label)}
                </label>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {text(channel.description)}
                </p>
              </div>
              <Switch.Root
                id={`channel-${channel.key}`}
                checked={settings.data[channel.key]}
                disabled={change.isPending}
                onCheckedChange={(value) => change.mutate({ key: channel.key, value })}
                className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 data-[state=checked]:bg-blue-600 dark:bg-slate-700"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </li>
          ))}
          {UNAVAILABLE.map((label) => (
            <li key={label} className="flex items-center justify-between gap-4">
              {/* Greyed by colour, not opacity, so the text keeps a 4.5:1 contrast (WCAG AA). */}
              <span className="text-sm font-medium text-slate-500 dark:text-slate-400">
                {text(label)}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {t('common.notAvailable')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
