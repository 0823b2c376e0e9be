import { api, type NotificationSettings } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { notificationSettingsQuery } from '../activity/queries';
import { settingChange } from '../activity/notifications';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle, Skeleton } from '../ui/Card';

type Channel = keyof NotificationSettings;

/**
 * The stored preferences a user can act on here. In-app delivery is the app's own notification
 * list, which the stored pushNotifications flag describes ("pushed to the app while you are
 * signed in"); browser push and SMS have no delivery behind them, so they are shown as such.
 */
const CHANNELS: { key: Channel; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email',
    description: 'Each new notification is also mailed to you.',
  },
  {
    key: 'pushNotifications',
    label: 'In-app',
    description: 'Notifications appear in the app while you are signed in.',
  },
  {
    key: 'activitySummary',
    label: 'Weekly report',
    description: 'A summary of your activity each week.',
  },
];

const UNAVAILABLE = ['Browser push notifications', 'SMS'];

export function NotificationsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery);
  const change = useMutation({
    mutationFn: ({ key, value }: { key: Channel; value: boolean }) =>
      call(api.changeNotificationSetting, { body: settingChange(key, value) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, saved);
      toast({
        title: 'Settings Updated',
        description: 'Your notification preferences have been saved.',
      });
    },
    onError: (error) =>
      toast(failureToast('Update Failed', error, 'Failed to update notification settings.')),
  });
  return (
    <Card testId="settings-notifications">
      <CardTitle>Notifications</CardTitle>
      {settings.isPending && <Skeleton className="mt-4 h-24" />}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          The preferences could not be loaded: {settings.error.message}
        </p>
      )}
      {settings.data && (
        <ul className="mt-4 space-y-4">
          {CHANNELS.map((channel) => (
            <li key={channel.key} className="flex items-start justify-between gap-4">
              <div>
                <label htmlFor={`channel-${channel.key}`} className="text-sm font-medium">
                  {channel.label}
                </label>
                <p className="text-xs text-slate-500 dark:text-slate-400">{channel.description}</p>
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
                {label}
              </span>
              <span className="text-xs text-slate-500 dark:text-slate-400">Not available</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
