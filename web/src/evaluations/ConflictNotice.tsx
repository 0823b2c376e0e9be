import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { smallButtonClass } from '../ui/styles';

/** The server refused a save: the evaluation changed since the editor read it (proto's table). */
export function isEvaluationChanged(error: unknown): boolean {
  return isApiError(error, 409) && error.code === 'evaluation_changed';
}

/**
 * Shown once a save was refused because someone else changed the evaluation (or, in the course
 * editor, the course): the reader's draft stays in the form below (to copy from) until they
 * choose to load the latest version.
 */
export function ConflictNotice({
  onReload,
  reloading,
  subject = 'evaluation',
}: {
  onReload: () => void;
  reloading: boolean;
  /** What changed: its refusal (`evaluation_changed`, `course_changed`) and test ids. */
  subject?: 'evaluation' | 'course';
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid={`${subject}-conflict`}
      className="w-full space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">{t(`errors.${subject}_changed`)}</p>
      <p>{t('evaluations.conflictKeep')}</p>
      <button
        type="button"
        data-testid={`${subject}-reload`}
        disabled={reloading}
        onClick={onReload}
        className={smallButtonClass}
      >
        <RefreshCw className="size-4" />{' '}
        {reloading ? t('evaluations.reloading') : t('evaluations.reloadLatest')}
      </button>
    </div>
  );
}
