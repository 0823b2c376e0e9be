import clsx from 'clsx';
import { CloudOff } from 'lucide-react';
import { useRef } from 'react';
import { primaryButtonClass } from '../ui/styles';
import { useToastClearance } from '../toast/toastClearance';
import { formatElapsed } from './format';
import { useTranslation } from 'react-i18next';

interface SessionActionBarProps {
  /** Below `lg` the bar is pinned to the bottom of the screen (held in one hand). */
  pinned: boolean;
  questionSeconds: number;
  /** Answers and findings kept on the device until the server confirms them. */
  waiting: number;
  label: string;
  disabled: boolean;
  /** Why the button waits (the last answer waits until everything before it is sent). */
  blockedReason: string | null;
  onAdvance: () => void;
}

/** The question's timer, the outbox's count and the advance button. */
export function SessionActionBar(props: SessionActionBarProps) {
  const { t } = useTranslation();
  const { pinned, waiting } = props;
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar, pinned);
  return (
    <div
      ref={bar}
      data-testid="question-actions"
      className={clsx(
        'flex flex-wrap items-center justify-between gap-3',
        pinned &&
          'sticky -bottom-4 z-10 order-last -mx-4 -mb-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 dark:border-slate-800 dark:bg-slate-950/95',
      )}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <span
          data-testid="question-timer"
          className={clsx(
            'text-xs text-slate-500',
            pinned && 'font-mono text-sm text-slate-700 dark:text-slate-300',
          )}
        >
          {t('observations.session.timeOnQuestion', {
            time: formatElapsed(props.questionSeconds),
          })}
        </span>
        {waiting > 0 && (
          <span
            role="status"
            data-testid="outbox-count"
            className="inline-flex items-center gap-1 text-sm font-medium text-amber-800 dark:text-amber-300"
          >
            <CloudOff aria-hidden className="size-4" />
            {t('observations.session.waitingCount', { count: waiting })}
          </span>
        )}
        {props.blockedReason && (
          <span
            data-testid="completion-blocked"
            className="text-sm text-slate-700 dark:text-slate-300"
          >
            {props.blockedReason}
          </span>
        )}
      </div>
      <button
        type="button"
        data-testid="advance-question"
        disabled={props.disabled}
        onClick={props.onAdvance}
        className={clsx(
          primaryButtonClass.replace('w-full', 'w-auto'),
          pinned && 'h-12 min-w-36 text-base',
        )}
      >
        {props.label}
      </button>
    </div>
  );
}
