import type { Finding, ObservationSession, ResponseResult } from '@hub/proto';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { failureToast } from '../api/errors';
import { keepObservationCopy } from '../pwa/observation-copy';
import { toast } from '../toast/toastStore';
import { Card } from '../ui/Card';
import { LiveAnswers } from './AnswerList';
import { FindingsPanel } from './FindingsPanel';
import { completionToast } from './format';
import {
  observationSessionQuery,
  refreshObservations,
  storeFinding,
  storeResponse,
} from './queries';
import { QuestionStep } from './QuestionStep';
import { SessionHeader } from './SessionHeader';
import { UnsavedAnswersNotice } from './UnsavedAnswersNotice';
import { currentQuestionIndex, newIdempotencyKey } from './sessionOutbox';
import { useNow } from './useNow';
import { type SentItem, useSessionOutbox } from './useSessionOutbox';
import { useTranslation } from 'react-i18next';
import { refreshQueries } from '../api/refresh';

export const LIST_PATH = '/library/observations';

/**
 * The live session. Answers and findings go through the session's outbox: recorded at once on
 * the device, sent in order; the next question follows the answers recorded, sent or not.
 */
export function LiveSession({
  session: loaded,
  onExit,
}: {
  session: ObservationSession;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  // The session as the cache holds it now, not as the page last passed it down: a sent answer
  // enters the cache and leaves the outbox in one step, but the page hears of the cache a moment
  // later, and a render from the older prop in between showed the previous question again (its
  // choice and notes cleared), the next one a moment after.
  const session = useQuery(observationSessionQuery(loaded.id)).data ?? loaded;
  const now = useNow();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessionKey = observationSessionQuery(session.id).queryKey;
  // The copy kept for a reload offline follows what was sent since it was fetched.
  useEffect(() => void keepObservationCopy(session), [session]);

  const onSent = async (sent: SentItem) => {
    if (sent.item.kind === 'finding') {
      storeFinding(queryClient, session.id, sent.result as Finding);
      toast({ title: t('observations.finding.recordedToast') });
      await refreshObservations(queryClient);
      return;
    }
    const result = sent.result as ResponseResult;
    storeResponse(queryClient, session.id, sent.item.body, result.nextQuestionIndex);
    if (result.completed) {
      toast(completionToast(session.operatorName, result.score, result.passed));
      await Promise.all([
        refreshObservations(queryClient),
        refreshQueries(queryClient, sessionKey),
      ]);
      await navigate({ to: LIST_PATH });
      return;
    }
    void refreshObservations(queryClient);
  };
  const outbox = useSessionOutbox(session.id, {
    onSent: (sent) => void onSent(sent),
    // Spec section 8: 'Error' with the server's message; the server's record is shown again.
    onRefused: (item, error) => {
      const fallback =
        item.kind === 'response'
          ? t('observations.session.responseFailed')
          : t('observations.session.findingFailed');
      toast(failureToast(t('observations.session.error'), error, fallback));
      void refreshQueries(queryClient, sessionKey);
    },
  });

  const index = currentQuestionIndex(session, outbox.items);
  const total = session.totalQuestions || session.questions.length;
  const waiting = outbox.items.length;

  return (
    // A column: below `lg` the question's action bar is its last item, pinned to the bottom of
    // the screen (past main's padding, which sticky positions keep clear of).
    <div data-testid="observation-session" className="mx-auto flex max-w-3xl flex-col gap-6">
      <SessionHeader session={session} now={now} index={index} total={total} onExit={onExit} />
      <UnsavedAnswersNotice onlyOnThisPage={outbox.onlyOnThisPage} />

      {index < total ? (
        // Keyed by question: a new question clears the choice and notes and restarts its timer.
        <QuestionStep
          key={index}
          session={session}
          index={index}
          now={now}
          waiting={waiting}
          onAnswer={(answer) => {
            const key = newIdempotencyKey();
            outbox.record({
              kind: 'response',
              key,
              questionIndex: index,
              body: { ...answer, idempotencyKey: key },
            });
            if (index + 1 < total)
              toast({ title: t('observations.session.moving', { number: index + 2 }) });
          }}
        />
      ) : (
        <Card testId="session-finishing" className="flex items-center gap-2">
          <CloudOff aria-hidden className="size-5 text-amber-700" />
          <p>{t('observations.session.finishing')}</p>
        </Card>
      )}

      <LiveAnswers session={session} items={outbox.items} />
      <FindingsPanel session={session} canRecord canResolve={false} outbox={outbox} />
    </div>
  );
}
