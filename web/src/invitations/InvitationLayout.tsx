import { useTranslation } from 'react-i18next';
import { LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../ui/Spinner';
import { smallButtonClass } from '../ui/styles';
import type { InvitationState } from './useInvitation';

/** The invitation pages live outside the shell: a centred card, no sign-in needed. */
export function InvitationLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-950">
        <LayoutDashboard aria-hidden className="mx-auto mb-4 size-8 text-blue-600" />
        {children}
      </div>
    </main>
  );
}

/** What shows while the link is not (yet) valid; null once it is. */
export function InvitationStatus({ state }: { state: InvitationState }) {
  const { t } = useTranslation();
  if (state.status === 'valid') return null;
  if (state.status === 'unreachable') {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p>{t('invitation.verifyFailed')}</p>
        <button type="button" onClick={state.retry} className={smallButtonClass}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (state.status === 'invalid') {
    return (
      <p role="alert" className="text-center text-slate-600 dark:text-slate-300">
        {t('invitation.invalidLink')}
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6">
      <Spinner />
      <p className="font-medium">{t('invitation.verifying')}</p>
    </div>
  );
}
