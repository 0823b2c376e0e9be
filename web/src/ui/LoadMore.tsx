import { LoaderCircle } from 'lucide-react';
import { smallOutlineButtonClass } from './styles';
import { useTranslation } from 'react-i18next';
import type { ListNoun } from './listNoun';

/**
 * Under a cursor-paged list: how many rows of the total are shown, and a button that loads the
 * next page while there is one.
 */
export function LoadMore({
  noun,
  shown,
  total,
  hasMore,
  loading,
  onLoadMore,
}: {
  noun: ListNoun;
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  if (!hasMore && shown >= total) return null;
  return (
    <div className="flex items-center justify-between gap-3 py-2 text-sm text-slate-500">
      <span data-testid="list-count">
        {t('ui.showing', { shown, total, noun: t(`ui.nouns.${noun}`) })}
      </span>
      {hasMore && (
        <button
          type="button"
          className={smallOutlineButtonClass}
          disabled={loading}
          onClick={onLoadMore}
        >
          {loading && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {t('ui.loadMore')}
        </button>
      )}
    </div>
  );
}
