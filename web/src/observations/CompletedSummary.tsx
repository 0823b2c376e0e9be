import type { ObservationSession } from '@hub/proto';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { outlineButtonClass } from '../ui/styles';
import { AnswerReview } from './AnswerList';
import { FindingsPanel } from './FindingsPanel';
import { observationStatusBadge, scoreText } from './format';

/** A completed observation: its score, answers and findings (resolved from here). */
export function CompletedSummary({
  session,
  onBack,
}: {
  session: ObservationSession;
  onBack: () => void;
}) {
  const status = observationStatusBadge('completed');
  const score = scoreText(session.score, session.passed);
  const total = session.totalQuestions || session.questions.length;
  return (
    <div data-testid="observation-summary" className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{session.evaluationTitle}</h1>
          <p className="text-slate-500 dark:text-slate-400">
            {session.operatorName} · observed by {session.observerName}
          </p>
        </div>
        <button
          type="button"
          onClick={onBack}
          className={outlineButtonClass.replace('w-full', 'w-auto')}
        >
          <ArrowLeft className="size-4" /> Back to Observations
        </button>
      </header>
      <Card className="grid gap-4 sm:grid-cols-3">
        <div>
          <p className="text-sm text-slate-500">Status</p>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <div>
          <p className="text-sm text-slate-500">Answers</p>
          <p data-testid="summary-answers" className="text-lg font-semibold">
            {session.responses.filter((response) => response.correct).length} of {total} correct
          </p>
        </div>
        <div>
          <p className="text-sm text-slate-500">Score</p>
          <p
            data-testid="summary-score"
            className="flex items-center gap-1.5 text-lg font-semibold"
          >
            {session.passed && <CheckCircle2 aria-hidden className="size-4 text-green-600" />}
            {score ?? 'Not scored'}
          </p>
        </div>
      </Card>
      {session.initialNotes && (
        <Card>
          <p className="text-sm text-slate-500">Initial notes</p>
          <p className="whitespace-pre-wrap">{session.initialNotes}</p>
        </Card>
      )}
      <AnswerReview session={session} />
      <FindingsPanel session={session} canRecord={false} canResolve />
    </div>
  );
}
