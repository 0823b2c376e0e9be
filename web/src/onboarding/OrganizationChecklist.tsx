import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import type { OrganizationOnboardingStep, Role } from '@hub/proto';
import { Badge } from '../ui/Badge';
import { Skeleton } from '../ui/Card';
import { checklistLink } from './checklistLinks';
import { organizationOnboardingQuery } from './queries';
import { stepWords } from './stepText';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/** An organization's onboarding steps, each computed from its records, with where to do it. */
export function OrganizationChecklist({
  organizationId,
  role,
}: {
  organizationId?: number;
  role: Role | undefined;
}) {
  const { t } = useTranslation();
  const checklist = useQuery(organizationOnboardingQuery(organizationId));
  if (checklist.isPending) return <Skeleton className="mt-4 h-40" />;
  if (checklist.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-600">
        {t('onboarding.loadFailed', { message: readableErrorMessage(checklist.error) })}
      </p>
    );
  }
  const { done, total, steps } = checklist.data;
  return (
    <div className="mt-3" data-testid="organization-checklist">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t('onboarding.stepsDone', { count: total, done, total })}
      </p>
      <div
        role="progressbar"
        aria-label={t('onboarding.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-green-600" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ul className="mt-4 space-y-3">
        {steps.map((step) => (
          <ChecklistStep key={step.key} step={step} role={role} />
        ))}
      </ul>
    </div>
  );
}

function ChecklistStep({
  step,
  role,
}: {
  step: OrganizationOnboardingStep;
  role: Role | undefined;
}) {
  const { t } = useTranslation();
  const to = checklistLink(step.href, role);
  return (
    <li data-testid="checklist-step" data-done={step.done} className="flex items-start gap-3">
      {step.done ? (
        <CheckCircle2
          aria-label={t('onboarding.done')}
          className="mt-0.5 size-5 shrink-0 text-green-600"
        />
      ) : (
        <Circle
          aria-label={t('onboarding.notDone')}
          className="mt-0.5 size-5 shrink-0 text-slate-400"
        />
      )}
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {to && !step.done ? (
            <Link to={to} className="font-medium text-blue-600 hover:underline dark:text-blue-400">
              {stepWords(step).label}
            </Link>
          ) : (
            <span className="font-medium">{stepWords(step).label}</span>
          )}
          {step.optional && <Badge>{t('onboarding.optional')}</Badge>}
        </div>
        <p className="text-sm break-words text-slate-500 dark:text-slate-400">
          {stepWords(step).detail}
        </p>
      </div>
    </li>
  );
}
