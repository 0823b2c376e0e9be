import { useTranslation } from 'react-i18next';
import type { Role } from '@hub/proto';
import { Link } from '@tanstack/react-router';
import { Card, CardTitle } from '../ui/Card';
import { quickActionsFor } from './quickActions';

/** The actions the signed-in role may follow; none until the role is known. */
export function QuickActions({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  return (
    <Card testId="quick-actions">
      <CardTitle>{t('hub.quickActions')}</CardTitle>
      <div className="mt-4 grid gap-2">
        {quickActionsFor(role).map(({ label, to, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900"
          >
            <Icon className="size-4 text-blue-600" />
            {t(`hub.actions.${label}`)}
          </Link>
        ))}
      </div>
    </Card>
  );
}
