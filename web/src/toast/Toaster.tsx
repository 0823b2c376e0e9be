import { useLayoutEffect, useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { setToastStack, updateToastClearance } from './toastClearance';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION } from './toastStore';

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  useLayoutEffect(updateToastClearance, [toasts]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.announced')}
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-testid="toast"
          data-variant={item.variant}
          className={clsx(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-md border p-4 pr-8 shadow-lg',
            item.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title data-testid="toast-title" className="text-sm font-semibold">
              {item.title}
            </Toast.Title>
            {item.description && (
              <Toast.Description data-testid="toast-description" className="text-sm opacity-90">
                {item.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('toast.close')}
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        // Its height, the toasts' and the padding below them (none above), tells the clearance
        // which bars a toast would lie over.
        ref={setToastStack}
        hotkey={['F8']}
        label={t('toast.region')}
        // At the bottom at every width (full width on a phone, bottom right from `sm`), raised
        // above the sticky bar a page has mounted (toastClearance). Never at the top: on a phone
        // it lay over the header's menu and account buttons for its 5 s. Clicks pass through the
        // viewport's padding: only the toast itself takes them.
        className="pointer-events-none fixed right-0 bottom-[var(--toast-clearance,0px)] z-[100] flex max-h-[calc(100vh-var(--toast-clearance,0px))] w-full flex-col gap-2 px-4 pb-4 outline-none sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
