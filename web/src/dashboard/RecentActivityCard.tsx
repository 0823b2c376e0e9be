import { useTranslation } from 'react-i18next';
import type { ActivityEvent, WorkEvent } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Award, CalendarClock, ClipboardCheck, FileText, Film } from 'lucide-react';
import { formatDateTime } from '../ui/dates';
import { RECENT_ACTIVITY_LIMIT, recentActivityQuery } from '../api/queries';
import { UserAvatar } from '../shell/UserAvatar';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { activityLines, formatRelativeTime, signInText, workText } from './format';

export function RecentActivityCard() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(recentActivityQuery);
  return (
    <Card testId="recent-activity">
      <CardTitle>{t('hub.recentActivity')}</CardTitle>
      <div className="mt-4">
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : isError ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('hub.activityFailed')}</p>
        ) : data.events.length === 0 && data.work.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('hub.noActivity')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {activityLines(data, RECENT_ACTIVITY_LIMIT).map((line) =>
              line.kind === 'work' ? (
                <WorkLine key={line.key} event={line.event} />
              ) : (
                <SignInLine key={line.key} event={line.event} />
              ),
            )}
          </ul>
        )}
      </div>
    </Card>
  );
}

export function WorkLine({ event }: { event: WorkEvent }) {
  const { t } = useTranslation();
  const { title, detail } = workText(event.text, t);
  return (
    <li data-testid="activity-item" data-kind={event.kind} className="flex items-center gap-3 py-2">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800">
        <WorkIcon kind={event.kind} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{detail}</p>
      </div>
      <time
        className="text-right text-xs text-slate-500 dark:text-slate-400"
        dateTime={event.occurredAt}
        title={formatDateTime(event.occurredAt)}
      >
        {formatRelativeTime(event.occurredAt)}
      </time>
    </li>
  );
}

function SignInLine({ event }: { event: ActivityEvent }) {
  const { t } = useTranslation();
  return (
    <li data-testid="activity-item" data-kind="sign_in" className="flex items-center gap-3 py-2">
      <UserAvatar name={event.userName} profilePicture={null} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{event.userName}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">{event.userEmail}</p>
      </div>
      <div className="text-right text-xs text-slate-500 dark:text-slate-400">
        <p>{signInText(event, t)}</p>
        <time dateTime={event.occurredAt} title={formatDateTime(event.occurredAt)}>
          {formatRelativeTime(event.occurredAt)}
        </time>
      </div>
    </li>
  );
}

function WorkIcon({ kind }: { kind: WorkEvent['kind'] }) {
  const Icon = {
    observation_completed: ClipboardCheck,
    certification_issued: Award,
    certification_expiring: CalendarClock,
    document_processed: FileText,
    video_analysed: Film,
  }[kind];
  return <Icon aria-hidden className="size-4" />;
}
