import { Link } from '@tanstack/react-router';
import { Award, CalendarDays, FileChartColumn } from 'lucide-react';
import { Card, CardTitle } from '../ui/Card';

const ACTIONS = [
  { label: 'Schedule Training Session', to: '/training', icon: CalendarDays },
  { label: 'Generate Reports', to: '/insights', icon: FileChartColumn },
  { label: 'Review Certifications', to: '/certifications', icon: Award },
] as const;

export function QuickActions() {
  return (
    <Card testId="quick-actions">
      <CardTitle>Quick Actions</CardTitle>
      <div className="mt-4 grid gap-2">
        {ACTIONS.map(({ label, to, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
          >
            <Icon className="size-4 text-blue-600" />
            {label}
          </Link>
        ))}
      </div>
    </Card>
  );
}
