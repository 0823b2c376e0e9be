import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepToastsClearOf } from '../toast/toastClearance';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Tailwind max-width class, 'max-w-lg' by default. */
  width?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog with a title, a close button and scrollable content. Below Tailwind's `sm`
 * (640 px, a phone) it takes the whole screen. Its actions go in a DialogFooter, last.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  width = 'max-w-lg',
  testId,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          data-testid={testId}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-800 dark:bg-slate-950 dark:text-slate-50',
            width,
            'max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5 dark:border-slate-800">
            <div className="min-w-0 space-y-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description asChild>
                  <div className="text-sm text-slate-500 dark:text-slate-400">{description}</div>
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t('ui.close')}
              className="-m-1 inline-flex items-center justify-center rounded-md p-1 opacity-70 max-sm:size-11 hover:bg-slate-100 hover:opacity-100 dark:hover:bg-slate-800"
            >
              <X className="size-4" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The footer's ref: toasts keep clear of the row from its mounting to its removal (the cleanup). */
const keepClear = (row: HTMLDivElement | null) => (row ? keepToastsClearOf(row) : undefined);

/**
 * A dialog's action row (Save, Cancel), the last thing in its content. On a phone the dialog takes
 * the whole screen, and a long form scrolled to its end has this row on the screen's bottom edge,
 * where toasts show: while it is mounted, a toast that would lie over it (a failure after Save,
 * for its 5 s) sits above it instead (toastClearance). A row the toasts do not reach, in the
 * middle of the screen, leaves them where they are.
 */
export function DialogFooter({
  className,
  testId,
  children,
}: {
  /** Added to the row's classes (a margin). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      ref={keepClear}
      data-testid={testId}
      className={clsx('flex flex-wrap items-center justify-end gap-2', className)}
    >
      {children}
    </div>
  );
}
