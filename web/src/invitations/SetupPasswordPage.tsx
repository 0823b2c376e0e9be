import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { toast } from '../toast/toastStore';
import { linkClass, primaryButtonClass } from '../ui/styles';
import { invitationSearch, setupProblem, type InvitationParams } from './invitation';
import { InvitationLayout, InvitationStatus } from './InvitationLayout';
import { PasswordSetupFields } from './PasswordSetupFields';
import { useInvitation } from './useInvitation';
import { useSetupPassword } from './mutations';

export function SetupPasswordPage() {
  const { t } = useTranslation();
  const state = useInvitation();
  return (
    <InvitationLayout>
      <InvitationStatus state={state} />
      {state.status === 'valid' && (
        <>
          <header className="mb-6 text-center">
            <h1 className="text-2xl font-bold">{t('invitation.setupTitle')}</h1>
            <p data-testid="invitation-greeting" className="mt-1 text-sm text-slate-500">
              {t('invitation.setupGreeting', {
                name: state.invitation.userName,
                organization: state.invitation.organizationName,
                email: state.invitation.email,
              })}
            </p>
          </header>
          {state.invitation.hasProfilePicture ? (
            <SetupPasswordForm params={state.params} />
          ) : (
            <p role="alert" className="text-center text-sm">
              {t('invitation.needsPhoto')}{' '}
              <a href={`/enhanced-setup?${invitationSearch(state.params)}`} className={linkClass}>
                {t('invitation.completeAccountLink')}
              </a>
            </p>
          )}
        </>
      )}
    </InvitationLayout>
  );
}

function SetupPasswordForm({ params }: { params: InvitationParams }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const setup = useSetupPassword(params);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = setupProblem(password, confirmation);
    if (problem) toast(problem);
    else setup.mutate(password);
  };

  const busy = setup.isPending || setup.isSuccess;
  return (
    <form noValidate onSubmit={submit} data-testid="setup-password-form" className="space-y-4">
      <PasswordSetupFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={busy}
      />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {setup.isPending ? t('invitation.settingPassword') : t('invitation.setPassword')}
      </button>
    </form>
  );
}
