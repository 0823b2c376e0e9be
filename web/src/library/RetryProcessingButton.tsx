import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { smallOutlineButtonClass } from '../ui/styles';
import { useRetryDocument } from './mutations';

/**
 * Processes a document again: offered where its processing failed (the viewer's header) and
 * beside a list row's OCR failure, whose pages have no text.
 */
export function RetryProcessingButton({
  documentId,
  onRetried,
  testId,
}: {
  documentId: number;
  onRetried: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const retry = useRetryDocument(documentId, onRetried);
  return (
    <button
      type="button"
      data-testid={testId}
      disabled={retry.isPending}
      onClick={() => retry.mutate()}
      className={smallOutlineButtonClass}
    >
      <RotateCcw className="size-3.5" />{' '}
      {retry.isPending ? t('library.viewer.retrying') : t('library.viewer.retry')}
    </button>
  );
}
