import { useTranslation } from 'react-i18next';
import { Outlet } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import type { StoredUser } from '../auth/session';
import { smallButtonClass } from '../ui/styles';

/**
 * The layout when the server cannot be reached but someone signed in on this device: no menu
 * (its pages need the server), a note, and the page, which reads what the service worker kept
 * (the SOPs this person opened) or says it could not load.
 */
export function OfflineShell({ user, onRetry }: { user: StoredUser; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      <header
        data-testid="offline-shell"
        className="flex shrink-0 flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-950"
      >
        <p role="status" className="flex items-center gap-2 text-sm">
          <CloudOff aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-400" />
          {t('shell.offline', { name: user.name })}
        </p>
        <button type="button" onClick={onRetry} className={smallButtonClass}>
          {t('common.tryAgain')}
        </button>
      </header>
      <main
        tabIndex={0}
        className="min-w-0 flex-1 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 sm:p-6"
      >
        <Outlet />
      </main>
    </div>
  );
}
