import type { ObservationSession } from '@hub/proto';
import clsx from 'clsx';
import { Clock, LogOut, User } from 'lucide-react';
import { smallOutlineButtonClass } from '../ui/styles';
import { formatElapsed, progressPercent, questionPosition, secondsBetween } from './format';
import { formatPercent } from '../i18n/format';
import { useTranslation } from 'react-i18next';

interface SessionHeaderProps {
  session: ObservationSession;
  now: number;
  /** The question shown (the number of questions once all are answered). */
  index: number;
  total: number;
  onExit: () => void;
}

/** The live session's title, operator, elapsed time, exit button and progress. */
export function SessionHeader({ session, now, index, total, onExit }: SessionHeaderProps) {
  const { t } = useTranslation();
  const percent = progressPercent(index, total);
  return (
    <>
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
            aria-label={t('observations.session.elapsed')}
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
            <LogOut className="size-3.5" /> {t('observations.session.exit')}
          </button>
        </div>
      </header>

      <div className="space-y-2">
        <div className="flex justify-between text-sm">
          <span data-testid="question-position">
            {questionPosition(Math.min(index, total - 1), total)}
          </span>
          <span data-testid="progress-percent">
            {t('observations.session.percentComplete', { percent: formatPercent(percent) })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('observations.session.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </>
  );
}
