import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import { toast } from '../toast/toastStore';
import { primaryButtonClass } from '../ui/styles';
import { setupProblem, type InvitationParams } from './invitation';
import { InvitationLayout, InvitationStatus } from './InvitationLayout';
import { PasswordSetupFields } from './PasswordSetupFields';
import { PhotoPicker } from './PhotoPicker';
import { useInvitation } from './useInvitation';
import { useSetupWithProfile } from './mutations';

export function EnhancedSetupPage() {
  const { t } = useTranslation();
  const state = useInvitation();
  return (
    <InvitationLayout>
      <InvitationStatus state={state} />
      {state.status === 'valid' && (
        <>
          <header className="mb-6 text-center">
            <h1 className="text-2xl font-bold">{t('invitation.completeTitle')}</h1>
            <p data-testid="invitation-greeting" className="mt-1 text-sm text-slate-500">
              {t('invitation.completeGreeting', {
                name: state.invitation.userName,
                organization: state.invitation.organizationName,
                email: state.invitation.email,
              })}
            </p>
          </header>
          <EnhancedSetupForm params={state.params} />
        </>
      )}
    </InvitationLayout>
  );
}

function EnhancedSetupForm({ params }: { params: InvitationParams }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);

  const setup = useSetupWithProfile(params);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = setupProblem(password, confirmation, { required: true, chosen: !!photo });
    if (problem) toast(problem);
    else if (photo) setup.mutate({ password, photo });
  };

  const busy = setup.isPending || setup.isSuccess;
  return (
    <form noValidate onSubmit={submit} data-testid="enhanced-setup-form" className="space-y-4">
      <PhotoPicker photo={photo} onChange={setPhoto} disabled={busy} />
      <PasswordSetupFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        disabled={busy}
      />
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {setup.isPending ? t('invitation.settingUp') : t('invitation.completeSetup')}
      </button>
    </form>
  );
}
