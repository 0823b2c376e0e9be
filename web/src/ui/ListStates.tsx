import type { LucideIcon } from 'lucide-react';
import { LoaderCircle } from 'lucide-react';
import { UploadProgress } from '../library/UploadDocumentDialog';

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
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  hint: string;
}) {
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    >
      <Icon aria-hidden className="mx-auto mb-3 size-10 text-slate-400" />
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{hint}</p>
    </div>
  );
}
