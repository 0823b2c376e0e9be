import { api, type ObservationSession, type ResponseSubmission } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { ArrowLeft, CheckCircle2, Clock, LogOut, User, XCircle } from 'lucide-react';
import { useState } from 'react';
import { call, isApiError } from '../api/client';
import { failureToast } from '../api/errors';
import { optionLetter } from '../evaluations/evaluationText';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { useMediaQuery, WIDE_SCREEN } from '../shell/useMediaQuery';
import { Spinner } from '../ui/Spinner';
import {
  outlineButtonClass,
  primaryButtonClass,
  smallOutlineButtonClass,
  textareaClass,
} from '../ui/styles';
import { FindingsPanel } from './FindingsPanel';
import {
  advanceLabel,
  completionToast,
  formatElapsed,
  observationStatusBadge,
  progressPercent,
  questionPosition,
  scoreText,
  secondsBetween,
} from './format';
import { observationSessionQuery, refreshObservations } from './queries';
import { useNow } from './useNow';

const LIST_PATH = '/library/observations';

/** /observation/{id}: the live session, or the summary of a completed one. */
export function ObservationSessionPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const session = useQuery({ ...observationSessionQuery(id), enabled: valid });
  const back = () => void navigate({ to: LIST_PATH });

  if (!valid) return <NotFound />;
  if (session.isPending) {
    return (
      <div
        role="status"
        data-testid="observation-loading"
        className="flex flex-col items-center gap-3 py-24"
      >
        <Spinner />
        <p>Loading observation session...</p>
      </div>
    );
  }
  if (session.isError) {
    if (isApiError(session.error, 404)) return <NotFound />;
    return (
      <div role="alert" data-testid="observation-error" className="space-y-4 py-24 text-center">
        <p className="text-lg font-medium">Error loading observation</p>
        <button type="button" onClick={back} className={smallOutlineButtonClass}>
          <ArrowLeft className="size-3.5" /> Back to Observations
        </button>
      </div>
    );
  }
  const data = session.data;
  if (data.status === 'completed' || data.currentQuestionIndex >= data.questions.length) {
    return <CompletedSummary session={data} onBack={back} />;
  }
  return <LiveSession session={data} onExit={back} />;
}

function NotFound() {
  return (
    <div role="alert" data-testid="observation-not-found" className="py-24 text-center">
      <p className="text-lg font-medium">Observation session not found</p>
    </div>
  );
}

function LiveSession({ session, onExit }: { session: ObservationSession; onExit: () => void }) {
  const now = useNow();
  const index = session.currentQuestionIndex;
  const total = session.totalQuestions || session.questions.length;
  const percent = progressPercent(index, total);

  return (
    // A column: below `lg` the question's action bar is its last item, pinned to the bottom of
    // the screen (past main's padding, which sticky positions keep clear of).
    <div data-testid="observation-session" className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 data-testid="session-title" className="text-2xl font-bold">
            {session.evaluationTitle}
          </h1>
          <p className="flex items-center gap-1.5 text-slate-500 dark:text-slate-400">
            <User aria-hidden className="size-4" />
            <span data-testid="session-operator">{session.operatorName}</span>
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span
            data-testid="session-elapsed"
            aria-label="Elapsed time"
            className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-3 py-1.5 font-mono text-lg dark:bg-slate-800"
          >
            <Clock aria-hidden className="size-4" />
            {formatElapsed(secondsBetween(session.startedAt, now))}
          </span>
          <button
            type="button"
            data-testid="exit-observation"
            onClick={onExit}
            className={clsx(smallOutlineButtonClass, 'h-9 max-sm:h-11')}
          >
            <LogOut className="size-3.5" /> Exit Observation
          </button>
        </div>
      </header>

      <div className="space-y-2">
        <div className="flex justify-between text-sm">
          <span data-testid="question-position">{questionPosition(index, total)}</span>
          <span data-testid="progress-percent">{percent}% Complete</span>
        </div>
        <div
          role="progressbar"
          aria-label="Observation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>

      {/* Keyed by question: a new question clears the choice and notes and restarts its timer. */}
      <QuestionStep key={index} session={session} now={now} />

      <FindingsPanel session={session} canRecord canResolve={false} />
    </div>
  );
}

function QuestionStep({ session, now }: { session: ObservationSession; now: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [shownAt] = useState(() => Date.now());
  const [selected, setSelected] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const index = session.currentQuestionIndex;
  const total = session.totalQuestions || session.questions.length;
  const question = session.questions[index]!;
  const questionSeconds = secondsBetween(shownAt, now);
  // On a phone or tablet, held in one hand: the timer and the advance button stay on screen.
  const wide = useMediaQuery(WIDE_SCREEN);

  const submit = useMutation({
    mutationFn: (body: ResponseSubmission) =>
      call(api.observationResponse, { params: { id: session.id }, body }),
    onSuccess: async (result) => {
      if (result.completed) {
        toast(completionToast(session.operatorName, result.score, result.passed));
        await Promise.all([
          refreshObservations(queryClient),
          queryClient.invalidateQueries({ queryKey: observationSessionQuery(session.id).queryKey }),
        ]);
        await navigate({ to: LIST_PATH });
        return;
      }
      const next = result.nextQuestionIndex ?? index + 1;
      queryClient.setQueryData(observationSessionQuery(session.id).queryKey, (current) =>
        current ? { ...current, currentQuestionIndex: next } : current,
      );
      toast({ title: `Moving to question ${next + 1}` });
      void refreshObservations(queryClient);
    },
    // Spec section 8: 'Error' with the server's message, or 'Failed to submit response'.
    onError: (error) => toast(failureToast('Error', error, 'Failed to submit response')),
  });

  const advance = () => {
    if (selected === null) {
      toast({
        title: 'Missing Response',
        description: 'Please select an option before continuing',
        variant: 'destructive',
      });
      return;
    }
    submit.mutate({
      questionId: question.id,
      selectedOption: optionLetter(selected),
      selectedOptionText: question.options[selected] ?? '',
      timeSpentSeconds: secondsBetween(shownAt, Date.now()),
      managerNotes: notes.trim(),
    });
  };

  const actions = (
    <div
      data-testid="question-actions"
      className={clsx(
        'flex flex-wrap items-center justify-between gap-3',
        !wide &&
          'sticky -bottom-4 z-10 order-last -mx-4 -mb-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 dark:border-slate-800 dark:bg-slate-950/95',
      )}
    >
      <span
        data-testid="question-timer"
        className={clsx(
          'text-xs text-slate-500',
          !wide && 'font-mono text-sm text-slate-700 dark:text-slate-300',
        )}
      >
        Time on this question: {formatElapsed(questionSeconds)}
      </span>
      <button
        type="button"
        data-testid="advance-question"
        disabled={selected === null || submit.isPending}
        onClick={advance}
        className={clsx(
          primaryButtonClass.replace('w-full', 'w-auto'),
          !wide && 'h-12 min-w-36 text-base',
        )}
      >
        {submit.isPending ? 'Saving...' : advanceLabel(index, total)}
      </button>
    </div>
  );

  return (
    <>
      <Card testId="session-question" className="space-y-5">
        <div className="flex flex-wrap items-start gap-3">
          <h2 data-testid="question-text" className="min-w-0 flex-1 text-lg font-semibold">
            {question.text}
          </h2>
          {question.category && (
            <Badge tone="blue" testId="question-category">
              {question.category}
            </Badge>
          )}
        </div>
        <div role="radiogroup" aria-label="Options" className="space-y-2">
          {question.options.map((option, optionIndex) => {
            const checked = selected === optionIndex;
            return (
              <button
                key={optionIndex}
                type="button"
                role="radio"
                aria-checked={checked}
                data-testid="session-option"
                data-letter={optionLetter(optionIndex)}
                onClick={() => setSelected(optionIndex)}
                className={clsx(
                  'flex w-full items-start gap-3 rounded-md border px-4 py-3 text-left text-sm max-lg:min-h-14 max-lg:items-center max-lg:py-4 max-lg:text-base',
                  checked
                    ? 'border-blue-600 bg-blue-50 dark:bg-blue-950'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900',
                )}
              >
                <span
                  className={clsx(
                    'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold max-lg:size-8 max-lg:text-sm',
                    checked ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300',
                  )}
                >
                  {optionLetter(optionIndex)}
                </span>
                <span className="min-w-0 pt-0.5 break-words max-lg:pt-0">{option}</span>
              </button>
            );
          })}
        </div>
        <div className="space-y-1.5">
          <label htmlFor="manager-notes" className="text-sm font-medium">
            Additional Notes
          </label>
          <textarea
            id="manager-notes"
            rows={2}
            maxLength={5000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="Optional notes about this answer"
            className={textareaClass.replace('font-mono ', '')}
          />
        </div>
        {wide && actions}
      </Card>
      {!wide && actions}
    </>
  );
}

function CompletedSummary({
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

/** Each question with the recorded answer, whether it was right, the time and the notes. */
function AnswerReview({ session }: { session: ObservationSession }) {
  const responses = new Map(session.responses.map((response) => [response.questionId, response]));
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">Answers</h2>
      <ol data-testid="answer-review" className="space-y-3">
        {session.questions.map((question, index) => {
          const response = responses.get(question.id);
          return (
            <li
              key={question.id}
              className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <p className="font-medium">
                {index + 1}. {question.text}
              </p>
              {response ? (
                <p className="mt-1 flex items-center gap-1.5 text-sm">
                  {response.correct ? (
                    <CheckCircle2 aria-label="Correct" className="size-4 text-green-600" />
                  ) : (
                    <XCircle aria-label="Incorrect" className="size-4 text-red-600" />
                  )}
                  {response.selectedOption}. {response.selectedOptionText} ·{' '}
                  {response.timeSpentSeconds} s
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-500">Not answered</p>
              )}
              {response?.managerNotes && (
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-300">
                  {response.managerNotes}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
