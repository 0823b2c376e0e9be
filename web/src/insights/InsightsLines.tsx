import type { InsightsActivity, InsightsStats, Role, UpcomingGoal } from '@hub/proto';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../dashboard/format';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { formatDate } from '../ui/dates';
import { linkClass } from '../ui/styles';
import { recordLink } from './format';
import { activityWords, goalWords } from './lines';

/** A line's title: a link to its record where this viewer can open it, else plain text. */
function LineTitle({ text, link, role }: { text: string; link: string | null; role?: Role }) {
  const href = recordLink(role, link);
  return href ? (
    <a href={href} className={linkClass}>
      {text}
    </a>
  ) : (
    <span className="font-medium">{text}</span>
  );
}

/** An activity line, worded from its code and parts in the reader's language. */
export function ActivityItem({ line, role }: { line: InsightsActivity; role?: Role }) {
  useTranslation();
  const { title, detail } = activityWords(line.text);
  return (
    <li data-testid="insights-activity-line" className="py-2">
      <p>
        <LineTitle text={title} link={line.link} role={role} />
      </p>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {detail} · {formatRelativeTime(line.occurredAt)}
      </p>
    </li>
  );
}

/** A goal, worded from its code and parts; its date in the reader's zone and date format. */
export function GoalItem({ goal, role }: { goal: UpcomingGoal; role?: Role }) {
  const { t } = useTranslation();
  const { title, detail } = goalWords(goal.text);
  return (
    <li data-testid="insights-goal" className="space-y-1">
      <div className="flex flex-wrap justify-between gap-2">
        <LineTitle text={title} link={goal.link} role={role} />
        <span className="text-xs text-slate-500">
          {t('insights.due', { date: formatDate(goal.dueAt) })}
        </span>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{detail}</p>
      {goal.progress === null ? null : (
        <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800">
          <div
            className="h-2 rounded-full bg-blue-600"
            style={{ width: `${Math.min(100, goal.progress)}%` }}
          />
        </div>
      )}
    </li>
  );
}

export function RecentActivity({ stats, role }: { stats: InsightsStats | undefined; role?: Role }) {
  const { t } = useTranslation();
  return (
    <Card testId="insights-activity" className="space-y-3">
      <CardTitle>{t('insights.recentActivity')}</CardTitle>
      {!stats ? (
        <Skeleton className="h-24 w-full" />
      ) : stats.recentActivity.length === 0 ? (
        <p className="text-sm text-slate-500">{t('insights.noActivity')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
          {stats.recentActivity.map((line) => (
            <ActivityItem key={line.id} line={line} role={role} />
          ))}
        </ul>
      )}
    </Card>
  );
}

export function UpcomingGoals({ stats, role }: { stats: InsightsStats | undefined; role?: Role }) {
  const { t } = useTranslation();
  return (
    <Card testId="insights-goals" className="space-y-3">
      <CardTitle>{t('insights.upcomingGoals')}</CardTitle>
      {!stats ? (
        <Skeleton className="h-24 w-full" />
      ) : stats.upcomingGoals.length === 0 ? (
        <p className="text-sm text-slate-500">{t('insights.noGoals')}</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {stats.upcomingGoals.map((goal) => (
            <GoalItem key={goal.id} goal={goal} role={role} />
          ))}
        </ul>
      )}
    </Card>
  );
}
