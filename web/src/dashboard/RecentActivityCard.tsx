import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../ui/dates';
import { recentActivityQuery } from '../api/queries';
import { UserAvatar } from '../shell/UserAvatar';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatRelativeTime, signInText } from './format';

export function RecentActivityCard() {
  const { data, isPending, isError } = useQuery(recentActivityQuery);
  return (
    <Card testId="recent-activity">
      <CardTitle>Recent Activity</CardTitle>
      <div className="mt-4">
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : isError ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Recent activity could not be loaded.
          </p>
        ) : data.events.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No recent activity to display
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.events.map((event) => (
              <li
                key={event.id}
                data-testid="activity-item"
                className="flex items-center gap-3 py-2"
              >
                <UserAvatar name={event.userName} profilePicture={null} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{event.userName}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {event.userEmail}
                  </p>
                </div>
                <div className="text-right text-xs text-slate-500 dark:text-slate-400">
                  <p>{signInText(event)}</p>
                  <time dateTime={event.occurredAt} title={formatDateTime(event.occurredAt)}>
                    {formatRelativeTime(event.occurredAt)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
