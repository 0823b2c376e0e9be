import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * While the device keeps nothing (storage full, or refused), the waiting answers live only in
 * this page: a reload or a closed tab loses them. Said without blocking the recording.
 */
export function UnsavedAnswersNotice({ onlyOnThisPage }: { onlyOnThisPage: boolean }) {
  const { t } = useTranslation();
  if (!onlyOnThisPage) return null;
  return (
    <p
      role="status"
      data-testid="outbox-not-saved"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('observations.session.notSavedOnDevice')}
    </p>
  );
}
