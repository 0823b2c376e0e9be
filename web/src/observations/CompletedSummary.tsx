import type { ObservationSession } from '@hub/proto';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { outlineButtonClass } from '../ui/styles';
import { AnswerReview } from './AnswerList';
import { FindingsPanel } from './FindingsPanel';
import type { SessionOutbox } from './useSessionOutbox';
import { observationStatusBadge, scoreText } from './format';
import { useTranslation } from 'react-i18next';

/** A completed observation: its score, answers and findings (resolved from here). */
export function CompletedSummary({
  session,
  onBack,
  outbox,
  canResolve = true,
}: {
  session: ObservationSession;
  onBack: () => void;
  /** False for the person observed, who records nothing in their own observation. */
  canResolve?: boolean;
  /** What this device recorded and has not sent yet (see CompletedSession). */
  outbox?: SessionOutbox;
}) {
  const { t } = useTranslation();
  const status = observationStatusBadge('completed');
  const score = scoreText(session.score, session.passed);
  const total = session.totalQuestions || session.questions.length;
  return (
    <div data-testid="observation-summary" className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{session.evaluationTitle}</h1>
          <p className="text-slate-500 dark:text-slate-400">
            {t('observations.summary.observedBy', {
              operator: session.operatorName,
              observer: session.observerName,
            })}
          </p>
        </div>
        <button
          type="button"
          onClick={onBack}
          className={outlineButtonClass.replace('w-full', 'w-auto')}
        >
          <ArrowLeft className="size-4" /> {t('observations.session.back')}
        </button>
      </header>
      <Card className="grid gap-4 sm:grid-cols-3">
        <div>
          <p className="text-sm text-slate-500">{t('observations.summary.status')}</p>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <div>
          <p className="text-sm text-slate-500">{t('observations.summary.answers')}</p>
          <p data-testid="summary-answers" className="text-lg font-semibold">
            {t('observations.summary.correctOf', {
              count: total,
              correct: session.responses.filter((response) => response.correct).length,
              total,
            })}
          </p>
        </div>
        <div>
          <p className="text-sm text-slate-500">{t('observations.summary.score')}</p>
          <p
            data-testid="summary-score"
            className="flex items-center gap-1.5 text-lg font-semibold"
          >
            {session.passed && <CheckCircle2 aria-hidden className="size-4 text-green-600" />}
            {score ?? t('observations.summary.notScored')}
          </p>
        </div>
      </Card>
      {session.initialNotes && (
        <Card>
          <p className="text-sm text-slate-500">{t('observations.summary.initialNotes')}</p>
          <p className="whitespace-pre-wrap">{session.initialNotes}</p>
        </Card>
      )}
      <AnswerReview session={session} />
      {outbox && outbox.items.length > 0 && (
        <p data-testid="summary-waiting" className="text-sm text-amber-700 dark:text-amber-400">
          {t('observations.session.waitingCount', { count: outbox.items.length })}
        </p>
      )}
      <FindingsPanel session={session} canRecord={false} canResolve={canResolve} outbox={outbox} />
    </div>
  );
}
