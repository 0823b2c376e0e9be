import type { VerifyInvitationResponse } from '@hub/proto';
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

/** The set-up page's title and whom the link is for: the plain set-up or the one with a photo. */
export function InvitationHeader(props: {
  page: 'setup' | 'complete';
  invitation: VerifyInvitationResponse;
}) {
  const { t } = useTranslation();
  const { userName, organizationName, email } = props.invitation;
  return (
    <header className="mb-6 text-center">
      <h1 className="text-2xl font-bold">{t(`invitation.${props.page}Title`)}</h1>
      <p data-testid="invitation-greeting" className="mt-1 text-sm text-slate-500">
        {t(`invitation.${props.page}Greeting`, {
          name: userName,
          organization: organizationName,
          email,
        })}
      </p>
    </header>
  );
}
