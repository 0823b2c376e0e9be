import type { Finding, ObservationSession } from '@hub/proto';
import { useQueryClient } from '@tanstack/react-query';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { CompletedSummary } from './CompletedSummary';
import { observationSessionQuery, refreshObservations, storeFinding } from './queries';
import { useSessionOutbox } from './useSessionOutbox';
import { useTranslation } from 'react-i18next';
import { refreshQueries } from '../api/refresh';

/**
 * A completed observation's summary, its session outbox still sending: another device may have
 * completed it while this one held findings (which the server still accepts), and leaving them
 * stored lost them. Waiting findings show as "waiting to send" until the server has them; a
 * waiting answer is refused (the observation is complete) with the usual error toast.
 */
export function CompletedSession({
  session,
  onBack,
}: {
  session: ObservationSession;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessionKey = observationSessionQuery(session.id).queryKey;
  const outbox = useSessionOutbox(session.id, {
    onSent: (sent) => {
      if (sent.item.kind === 'finding') {
        storeFinding(queryClient, session.id, sent.result as Finding);
        toast({ title: t('observations.finding.recordedToast') });
      }
      void refreshObservations(queryClient);
      void refreshQueries(queryClient, sessionKey);
    },
    onRefused: (item, error) => {
      const fallback =
        item.kind === 'response'
          ? t('observations.session.responseFailed')
          : t('observations.session.findingFailed');
      toast(failureToast(t('observations.session.error'), error, fallback));
      void refreshQueries(queryClient, sessionKey);
    },
  });
  return <CompletedSummary session={session} onBack={onBack} outbox={outbox} />;
}
