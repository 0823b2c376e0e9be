import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { smallOutlineButtonClass } from './styles';

/** Previous / next through a list paged on the server, with the range shown of the total. */
export function Pager(props: {
  testId: string;
  /** The list's plural noun, translated ('people'). */
  unit: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const totalPages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const first = Math.min((props.page - 1) * props.pageSize + 1, props.total);
  const last = Math.min(props.page * props.pageSize, props.total);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
      data-testid={props.testId}
    >
      <span data-testid={`${props.testId}-range`}>
        {t('ui.pager.range', { first, last, total: props.total, unit: props.unit })}
      </span>
      <div className="flex gap-2">
        <button
          type="button"
          data-testid={`${props.testId}-previous`}
          className={smallOutlineButtonClass}
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          <ChevronLeft aria-hidden className="size-3.5" /> {t('ui.pager.previous')}
        </button>
        <button
          type="button"
          data-testid={`${props.testId}-next`}
          className={smallOutlineButtonClass}
          disabled={props.page >= totalPages}
          onClick={() => props.onPage(props.page + 1)}
        >
          {t('ui.pager.next')} <ChevronRight aria-hidden className="size-3.5" />
        </button>
      </div>
    </div>
  );
}
