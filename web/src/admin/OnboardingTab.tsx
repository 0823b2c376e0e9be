import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { OrganizationChecklistPicker } from '../onboarding/OrganizationChecklistPicker';
import { adminOverviewQuery } from './queries';
import { stepWords } from '../onboarding/stepText';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

export function OnboardingTab() {
  const { t } = useTranslation();
  const overview = useQuery(adminOverviewQuery);
  return (
    <div className="space-y-6">
      <Card>
        <CardTitle>{t('admin.onboarding.title')}</CardTitle>
        {overview.isPending && <Skeleton className="mt-4 h-40" />}
        {overview.isError && (
          <p role="alert" className="mt-4 text-sm text-red-600">
            {t('admin.onboarding.loadFailed', { message: readableErrorMessage(overview.error) })}
          </p>
        )}
        <ul className="mt-4 space-y-3">
          {overview.data?.onboarding.map((step) => (
            <li
              key={step.key}
              data-testid="onboarding-step"
              data-done={step.done}
              className="flex items-start gap-3"
            >
              {step.done ? (
                <CheckCircle2
                  aria-label={t('admin.onboarding.done')}
                  className="mt-0.5 size-5 shrink-0 text-green-600"
                />
              ) : (
                <Circle
                  aria-label={t('admin.onboarding.notDone')}
                  className="mt-0.5 size-5 shrink-0 text-slate-400"
                />
              )}
              <div>
                <div className="flex items-center gap-2">
                  <span className="font-medium">{stepWords(step).label}</span>
                  {step.optional && <Badge>{t('admin.onboarding.optional')}</Badge>}
                </div>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {stepWords(step).detail}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <OrganizationChecklistPicker />
    </div>
  );
}
