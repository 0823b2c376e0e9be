import type { ObservationSession } from '@hub/proto';
import { CheckCircle2, CloudOff, XCircle } from 'lucide-react';
import { Card, CardTitle } from '../ui/Card';
import { type OutboxItem, queuedAnswers } from './sessionOutbox';
import { useTranslation } from 'react-i18next';

/** During the session: each answer recorded so far, and whether it is still waiting to send. */
export function LiveAnswers({
  session,
  items,
}: {
  session: ObservationSession;
  items: readonly OutboxItem[];
}) {
  const { t } = useTranslation();
  const sent = new Map(session.responses.map((response) => [response.questionId, response]));
  const queued = queuedAnswers(items);
  const answered = session.questions
    .map((question, index) => ({ question, index, waiting: queued.get(question.id) }))
    .filter(({ question, waiting }) => waiting || sent.has(question.id));
  if (answered.length === 0) return null;
  return (
    <Card testId="live-answers" className="space-y-3">
      <CardTitle>{t('observations.session.answersRecorded', { count: answered.length })}</CardTitle>
      <ol className="space-y-2">
        {answered.map(({ question, index, waiting }) => {
          const answer = waiting?.body ?? sent.get(question.id)!;
          return (
            <li
              key={question.id}
              data-testid="live-answer"
              data-status={waiting ? 'waiting' : 'sent'}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
            >
              <span className="min-w-0">
                {index + 1}. {answer.selectedOption}. {answer.selectedOptionText}
              </span>
              {waiting ? (
                <span
                  data-testid="waiting-to-send"
                  className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300"
                >
                  <CloudOff aria-hidden className="size-3.5" />{' '}
                  {t('observations.session.waitingToSend')}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-300">
                  <CheckCircle2 aria-hidden className="size-3.5 text-green-700" />{' '}
                  {t('observations.session.sent')}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** Once completed: each question with the recorded answer, whether it was right, time and notes. */
export function AnswerReview({ session }: { session: ObservationSession }) {
  const { t } = useTranslation();
  const responses = new Map(session.responses.map((response) => [response.questionId, response]));
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('observations.summary.answers')}</h2>
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
                    <CheckCircle2
                      aria-label={t('observations.summary.correct')}
                      className="size-4 text-green-600"
                    />
                  ) : (
                    <XCircle
                      aria-label={t('observations.summary.incorrect')}
                      className="size-4 text-red-600"
                    />
                  )}
                  {response.selectedOption}. {response.selectedOptionText} ·{' '}
                  {t('observations.summary.seconds', { seconds: response.timeSpentSeconds })}
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-500">
                  {t('observations.summary.notAnswered')}
                </p>
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
