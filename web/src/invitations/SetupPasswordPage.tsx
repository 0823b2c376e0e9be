import { useTranslation } from 'react-i18next';
import { useForm } from '@tanstack/react-form';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { linkClass, primaryButtonClass } from '../ui/styles';
import { invitationSearch, setupProblem, type InvitationParams } from './invitation';
import { InvitationHeader, InvitationLayout, InvitationStatus } from './InvitationLayout';
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
          <InvitationHeader page="setup" invitation={state.invitation} />
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
  const setup = useSetupPassword(params);
  // The checks stay toasts, as before the move: the checklist under the field shows the rules.
  const form = useForm({
    defaultValues: { password: '', confirmation: '' },
    onSubmit: ({ value }) => {
      const problem = setupProblem(value.password, value.confirmation);
      if (problem) toast(problem);
      else setup.mutate(value.password);
    },
  });

  const busy = setup.isPending || setup.isSuccess;
  return (
    <form
      noValidate
      onSubmit={submitForm(form)}
      data-testid="setup-password-form"
      className="space-y-4"
    >
      <form.Subscribe selector={(state) => state.values}>
        {(values) => (
          <PasswordSetupFields
            password={values.password}
            confirmation={values.confirmation}
            onPassword={(value) => form.setFieldValue('password', value)}
            onConfirmation={(value) => form.setFieldValue('confirmation', value)}
            disabled={busy}
          />
        )}
      </form.Subscribe>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {setup.isPending ? t('invitation.settingPassword') : t('invitation.setPassword')}
      </button>
    </form>
  );
}
