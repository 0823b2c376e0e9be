import { type LibraryDocument, type ReviewQuestion } from '@hub/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import {
  AlertCircle,
  CheckCircle2,
  LoaderCircle,
  Pencil,
  Play,
  RefreshCw,
  RotateCcw,
  Send,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableFailureReason } from '../api/failure-reason';
import { isApiError } from '../api/client';
import { currentUserQuery } from '../api/queries';
import {
  canStartObservation,
  categoryText,
  evaluationStatusBadge,
  hasAnswers,
  isReviewer,
  optionLetter,
} from '../evaluations/evaluationText';
import { documentEvaluationQuery, refreshEvaluation } from '../evaluations/queries';
import { isObserver } from '../observations/format';
import { StartObservationDialog } from '../observations/StartObservationDialog';
import { Badge } from '../ui/Badge';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import {
  usePublishDocumentEvaluation,
  useRegenerateEvaluation,
  useRetryEvaluation,
} from './mutations';

interface EvaluationTabProps {
  document: LibraryDocument;
  /** A regeneration or retry started: the list is watched again as after an upload. */
  onGenerationStarted: () => void;
}

/** The viewer's Evaluation tab; mounted (and fetched) the first time it opens. */
export function EvaluationTab({ document, onGenerationStarted }: EvaluationTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const generating = document.progress.stage === 'generating_evaluation';

  // When a (re)generation finishes, the evaluation shown is replaced: fetch it again.
  const wasGenerating = useRef(generating);
  useEffect(() => {
    if (wasGenerating.current && !generating) void refreshEvaluation(queryClient, document.id);
    wasGenerating.current = generating;
  }, [generating, queryClient, document.id]);

  return (
    <div data-testid="viewer-evaluation" className="space-y-4">
      {document.evaluationGenerationError && (
        <GenerationError document={document} onRetried={onGenerationStarted} />
      )}
      {generating && (
        <div
          role="status"
          data-testid="evaluation-generating"
          className="flex items-center gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200"
        >
          <LoaderCircle aria-hidden className="size-4 animate-spin" />{' '}
          {t('library.evaluation.generating')}
        </div>
      )}
      <EvaluationBody document={document} onGenerationStarted={onGenerationStarted} />
    </div>
  );
}

function GenerationError({
  document,
  onRetried,
}: {
  document: LibraryDocument;
  onRetried: () => void;
}) {
  const { t } = useTranslation();
  const retry = useRetryEvaluation(document.id, onRetried);
  return (
    <div
      role="alert"
      data-testid="evaluation-generation-error"
      className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
    >
      <AlertCircle aria-hidden className="size-4" />
      <span className="flex-1">
        {t('library.evaluation.generationFailed', {
          error: readableFailureReason(document.evaluationGenerationError ?? ''),
        })}
      </span>
      <button
        type="button"
        data-testid="evaluation-retry"
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
        className={smallOutlineButtonClass}
      >
        <RotateCcw className="size-3.5" />{' '}
        {retry.isPending ? t('library.evaluation.retrying') : t('library.evaluation.retry')}
      </button>
    </div>
  );
}

function EvaluationBody({ document, onGenerationStarted }: EvaluationTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useQuery(currentUserQuery).data?.role;
  const reviewer = isReviewer(role);
  const evaluation = useQuery(documentEvaluationQuery(document));
  const [observing, setObserving] = useState(false);

  const publish = usePublishDocumentEvaluation(document.id);
  const regenerate = useRegenerateEvaluation(document.id, onGenerationStarted);

  if (evaluation.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (evaluation.isError) {
    const error = evaluation.error;
    const notFound = isApiError(error, 404);
    return (
      <p
        role={notFound ? undefined : 'alert'}
        data-testid="evaluation-unavailable"
        className="py-8 text-center text-sm text-slate-500 dark:text-slate-400"
      >
        {notFound
          ? (error.serverMessage ?? t('library.evaluation.none'))
          : t('library.evaluation.loadFailed')}
      </p>
    );
  }

  const data = evaluation.data;
  const status = evaluationStatusBadge(data.status);
  const withAnswers = reviewer && hasAnswers(data);
  const busy = publish.isPending || regenerate.isPending;

  return (
    <article data-testid="evaluation" data-status={data.status} className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 data-testid="evaluation-title" className="text-lg font-semibold">
              {data.title}
            </h3>
            {(reviewer || !canStartObservation(data)) && (
              <Badge tone={status.tone} testId="evaluation-status">
                {status.label}
              </Badge>
            )}
          </div>
          {data.description && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{data.description}</p>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('library.evaluation.questions', { count: data.questions.length })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {reviewer && (
            <>
              <button
                type="button"
                data-testid="evaluation-edit"
                disabled={busy || !withAnswers}
                onClick={() =>
                  void navigate({
                    to: '/library/documents/$id/evaluation/edit',
                    params: { id: String(document.id) },
                  })
                }
                className={smallOutlineButtonClass}
              >
                <Pencil className="size-3.5" /> {t('library.evaluation.edit')}
              </button>
              <ConfirmDialog
                title={t('library.evaluation.regenerateTitle')}
                description={t('library.evaluation.regenerateDescription')}
                confirmLabel={t('library.evaluation.regenerate')}
                onConfirm={() => regenerate.mutate()}
                trigger={
                  <button
                    type="button"
                    data-testid="evaluation-regenerate"
                    disabled={busy || document.progress.stage === 'generating_evaluation'}
                    className={smallOutlineButtonClass}
                  >
                    <RefreshCw className="size-3.5" /> {t('library.evaluation.regenerate')}
                  </button>
                }
              />
              {data.status !== 'published' && (
                <button
                  type="button"
                  data-testid="evaluation-publish"
                  disabled={busy}
                  onClick={() => publish.mutate(data)}
                  className={`${smallOutlineButtonClass} border-green-600 text-green-700 dark:text-green-400`}
                >
                  <Send className="size-3.5" />{' '}
                  {publish.isPending
                    ? t('library.evaluation.publishing')
                    : t('library.evaluation.publish')}
                </button>
              )}
            </>
          )}
          {canStartObservation(data) && isObserver(role) && (
            <button
              type="button"
              data-testid="start-observation"
              onClick={() => setObserving(true)}
              className={smallButtonClass}
            >
              <Play className="size-4" /> {t('library.evaluation.startObservation')}
            </button>
          )}
        </div>
      </header>

      <ol className="space-y-4" data-testid="evaluation-questions">
        {data.questions.map((question, index) => (
          <li
            key={question.id}
            data-testid="evaluation-question"
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
          >
            <div className="flex flex-wrap items-start gap-2">
              <span className="font-medium">{index + 1}.</span>
              <p className="min-w-0 flex-1 font-medium">{question.text}</p>
              {question.category && <Badge tone="blue">{categoryText(question.category)}</Badge>}
            </div>
            <ul className="mt-3 space-y-1.5">
              {question.options.map((option, optionIndex) => {
                const correct =
                  withAnswers && (question as ReviewQuestion).correctIndex === optionIndex;
                return (
                  <li
                    key={optionIndex}
                    data-testid={correct ? 'correct-option' : 'option'}
                    className={clsx(
                      'flex items-start gap-2 rounded-md border px-3 py-1.5 text-sm',
                      correct
                        ? 'border-green-500 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200'
                        : 'border-slate-200 dark:border-slate-800',
                    )}
                  >
                    <span className="font-semibold">{optionLetter(optionIndex)}.</span>
                    <span className="flex-1">{option}</span>
                    {correct && (
                      <CheckCircle2
                        aria-label={t('library.evaluation.correctAnswer')}
                        className="size-4 text-green-600"
                      />
                    )}
                  </li>
                );
              })}
            </ul>
            {withAnswers && <AnswerNotes question={question as ReviewQuestion} />}
          </li>
        ))}
      </ol>

      {data.keyLearningPoints.length > 0 && (
        <section data-testid="key-learning-points" className="space-y-2">
          <h4 className="font-semibold">{t('library.evaluation.keyLearningPoints')}</h4>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {data.keyLearningPoints.map((point, index) => (
              <li key={index}>{point}</li>
            ))}
          </ul>
        </section>
      )}

      <StartObservationDialog
        open={observing}
        onOpenChange={setObserving}
        preselected={{
          id: document.id,
          title: document.title,
          evaluationId: data.id,
          evaluationStatus: data.status,
        }}
      />
    </article>
  );
}

function AnswerNotes({ question }: { question: ReviewQuestion }) {
  const { t } = useTranslation();
  if (!question.explanation && !question.sourcePassage) return null;
  return (
    <div className="mt-3 space-y-1.5 text-sm text-slate-600 dark:text-slate-300">
      {question.explanation && (
        <p data-testid="explanation">
          <span className="font-medium">{t('library.evaluation.explanation')} </span>
          {question.explanation}
        </p>
      )}
      {question.sourcePassage && (
        <blockquote className="border-l-2 border-slate-300 pl-3 text-xs text-slate-500 italic dark:border-slate-700 dark:text-slate-400">
          {question.sourcePassage}
        </blockquote>
      )}
    </div>
  );
}
