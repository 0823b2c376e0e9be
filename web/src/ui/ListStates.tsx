import { LoaderCircle, type LucideIcon, RefreshCw, Search, Trash2, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from './styles';
import { UploadProgress } from '../library/UploadDocumentDialog';
import { useTranslation } from 'react-i18next';
import { emptyListText } from './emptyList';
import type { ListNoun } from './listNoun';

/** The card look of one row in the document and video lists. */
export const listRowClass =
  'flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950';

/** The placeholder row shown while a file uploads, with its progress. */
export function UploadingRow({
  testId,
  label,
  percent,
}: {
  testId: string;
  label: string;
  percent: number;
}) {
  return (
    <div data-testid={testId} className={listRowClass}>
      <LoaderCircle aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-blue-600" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium">{label}</p>
        <UploadProgress percent={percent} />
      </div>
    </div>
  );
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <div className={listRowClass}>
      <LoaderCircle aria-hidden className="size-5 animate-spin text-blue-600" />
      <span className="text-sm text-slate-500">{label}</span>
    </div>
  );
}

export function EmptyList({
  testId,
  icon: Icon,
  title,
  hint,
  clearLabel = null,
  onClear,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  hint: string;
  /** When a search or filter hides every row: the button that shows them again. */
  clearLabel?: string | null;
  onClear?: () => void;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    >
      <Icon aria-hidden className="mx-auto mb-3 size-10 text-slate-400" />
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{hint}</p>
      {clearLabel && onClear && (
        <button
          type="button"
          data-testid={`${testId}-clear`}
          onClick={onClear}
          className={`${smallOutlineButtonClass} mt-4`}
        >
          {clearLabel}
        </button>
      )}
    </div>
  );
}

/** A small icon action on a list row; the label is its accessible name and tooltip. */
export function RowIconButton({
  label,
  testId,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
      className="rounded-md p-2 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}

/** The row's delete action, asking for confirmation first. */
export function RowDeleteButton({
  title,
  description,
  testId,
  pending,
  onConfirm,
}: {
  title: string;
  description: string;
  testId: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={t('ui.delete')}
      onConfirm={onConfirm}
      trigger={
        <button
          type="button"
          aria-label={t('ui.delete')}
          title={t('ui.delete')}
          data-testid={testId}
          disabled={pending}
          className="rounded-md p-2 text-red-600 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950"
        >
          <Trash2 className="size-4" />
        </button>
      }
    />
  );
}

/**
 * A list of files (documents, videos): the running upload's placeholder row, loading, the empty
 * state (first use, or nothing matching the search and filters), then the rows given.
 */
export function FileListFrame(props: {
  testId: string;
  noun: ListNoun & ('documents' | 'videos');
  count: number | undefined;
  loading: boolean;
  upload: { testId: string; label: string; percent: number | null };
  loadingLabel: string;
  empty: {
    testId: string;
    icon: LucideIcon;
    title: string;
    hint: string;
    search: string;
    filters?: number;
    onClear: () => void;
  };
  children: ReactNode;
}) {
  const { upload, empty } = props;
  const isEmpty = !props.loading && (props.count ?? 0) === 0 && upload.percent === null;
  return (
    <div data-testid={props.testId} aria-busy={props.loading} className="space-y-3">
      {upload.percent !== null && (
        <UploadingRow testId={upload.testId} label={upload.label} percent={upload.percent} />
      )}
      {props.loading && props.count === undefined && <LoadingRow label={props.loadingLabel} />}
      {isEmpty && (
        <EmptyList
          testId={empty.testId}
          icon={empty.icon}
          onClear={empty.onClear}
          {...emptyListText({
            noun: props.noun,
            search: empty.search,
            filters: empty.filters,
            title: empty.title,
            hint: empty.hint,
          })}
        />
      )}
      {props.children}
    </div>
  );
}

/** Search box, Refresh and Upload above a list of files. */
export function ListToolbar({
  noun,
  testIdNoun,
  searchText,
  onSearch,
  refreshing,
  onRefresh,
  uploadLabel,
  onUpload,
}: {
  /** Also names the refresh button's test id. */
  noun: ListNoun & ('documents' | 'videos');
  /** 'document', 'video': used in test ids. */
  testIdNoun: string;
  searchText: string;
  onSearch: (text: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  uploadLabel: string;
  onUpload: () => void;
}) {
  const { t } = useTranslation();
  const nounLabel = t(`ui.nouns.${noun}`);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-[200px] flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label={t('ui.search', { noun: nounLabel })}
          data-testid={`${testIdNoun}-search`}
          placeholder={t('ui.searchPlaceholder', { noun: nounLabel })}
          value={searchText}
          maxLength={200}
          onChange={(event) => onSearch(event.target.value)}
          className={`${inputClass} pl-9`}
        />
      </div>
      <button
        type="button"
        data-testid={`refresh-${noun}`}
        disabled={refreshing}
        onClick={onRefresh}
        className={`${smallOutlineButtonClass} h-10`}
      >
        <RefreshCw className={`size-3.5 ${refreshing ? 'animate-spin' : ''}`} />
        {t('ui.refresh')}
      </button>
      <button
        type="button"
        data-testid={`upload-${testIdNoun}-button`}
        onClick={onUpload}
        className={`${smallButtonClass} h-10`}
      >
        <Upload className="size-4" /> {uploadLabel}
      </button>
    </div>
  );
}
