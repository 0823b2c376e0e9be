import { ActivitySummaryCard } from './ActivitySummaryCard';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';
import { RecentNotificationsCard } from './RecentNotificationsCard';

export function ActivityPage() {
  return (
    <div data-testid="activity-page" className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Activity &amp; Notifications</h1>
        <p className="text-slate-500 dark:text-slate-400">
          Your notifications, how you receive them, and your recent activity
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <RecentNotificationsCard />
        <div className="space-y-6">
          <NotificationPreferencesCard />
          <ActivitySummaryCard />
        </div>
      </div>
    </div>
  );
}
