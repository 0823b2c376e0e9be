import { ORGANIZATION_ADMINS } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ScrollText } from 'lucide-react';
import { currentUserQuery } from '../api/queries';
import { ActivitySummaryCard } from './ActivitySummaryCard';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';
import { RecentNotificationsCard } from './RecentNotificationsCard';

export function ActivityPage() {
  const role = useQuery(currentUserQuery).data?.role;
  return (
    <div data-testid="activity-page" className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Activity &amp; Notifications</h1>
        <p className="text-slate-500 dark:text-slate-400">
          Your notifications, how you receive them, and your recent activity
        </p>
        {role && ORGANIZATION_ADMINS.includes(role) && (
          <Link
            to="/audit-log"
            data-testid="audit-log-link"
            className="mt-2 inline-flex items-center gap-1.5 text-sm text-blue-600 hover:underline"
          >
            <ScrollText className="size-4" /> Security audit log of your organization
          </Link>
        )}
      </header>
      {/* minmax(0, 1fr): a long word (an email address) wraps instead of widening the column. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <RecentNotificationsCard />
        <div className="space-y-6">
          <NotificationPreferencesCard />
          <ActivitySummaryCard />
        </div>
      </div>
    </div>
  );
}
