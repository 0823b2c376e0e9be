import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { isApiError } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { Spinner } from '../ui/Spinner';
import { smallOutlineButtonClass } from '../ui/styles';
import { CompletedSession } from './CompletedSession';
import { CompletedSummary } from './CompletedSummary';
import { LIST_PATH, LiveSession } from './LiveSession';
import { observationSessionQuery, sessionReader } from './queries';
import { useTranslation } from 'react-i18next';

/** /observation/{id}: the live session, or the summary of a completed one. */
export function ObservationSessionPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const session = useQuery({ ...observationSessionQuery(id), enabled: valid });
  const user = useQuery(currentUserQuery);
  const self = sessionReader(user.data, user.error);
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
        <p>{t('observations.session.loading')}</p>
      </div>
    );
  }
  if (session.isError) {
    if (isApiError(session.error, 404)) return <NotFound />;
    return (
      <div role="alert" data-testid="observation-error" className="space-y-4 py-24 text-center">
        <p className="text-lg font-medium">{t('observations.session.loadFailed')}</p>
        <button type="button" onClick={back} className={smallOutlineButtonClass}>
          <ArrowLeft className="size-3.5" /> {t('observations.session.back')}
        </button>
      </div>
    );
  }
  const data = session.data;
  // The person observed (a training supervisor is staff) reads it; the observer records it.
  if (self && data.operatorId === self.id) {
    if (data.status === 'completed')
      return <CompletedSummary session={data} onBack={back} canResolve={false} />;
    return <ObservedNotice observer={data.observerName} onBack={back} />;
  }
  if (data.status === 'completed' || data.currentQuestionIndex >= data.questions.length) {
    return <CompletedSession session={data} onBack={back} />;
  }
  return <LiveSession key={data.id} session={data} onExit={back} />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="observation-not-found" className="py-24 text-center">
      <p className="text-lg font-medium">{t('observations.session.notFound')}</p>
    </div>
  );
}

function ObservedNotice({ observer, onBack }: { observer: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="observation-own" className="space-y-4 py-24 text-center">
      <p className="text-lg font-medium">
        {t('observations.session.ownObservation', { observer })}
      </p>
      <button type="button" onClick={onBack} className={smallOutlineButtonClass}>
        <ArrowLeft className="size-3.5" /> {t('observations.session.back')}
      </button>
    </div>
  );
}
