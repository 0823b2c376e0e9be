import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

/**
 * Shown in a page's place while its code or data is slow to come (past the router's pending
 * time, a second): inside the shell, whose header and menu stay.
 */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <Spinner />
      <p className="text-slate-600 dark:text-slate-300">{t('shell.pageLoading')}</p>
    </div>
  );
}
