import { useTranslation } from 'react-i18next';
import { useForm } from '@tanstack/react-form';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { primaryButtonClass } from '../ui/styles';
import { setupProblem, type InvitationParams } from './invitation';
import { InvitationHeader, InvitationLayout, InvitationStatus } from './InvitationLayout';
import { PasswordSetupFields } from './PasswordSetupFields';
import { PhotoPicker } from './PhotoPicker';
import { useInvitation } from './useInvitation';
import { useSetupWithProfile } from './mutations';

export function EnhancedSetupPage() {
  const state = useInvitation();
  return (
    <InvitationLayout>
      <InvitationStatus state={state} />
      {state.status === 'valid' && (
        <>
          <InvitationHeader page="complete" invitation={state.invitation} />
          <EnhancedSetupForm params={state.params} />
        </>
      )}
    </InvitationLayout>
  );
}

function EnhancedSetupForm({ params }: { params: InvitationParams }) {
  const { t } = useTranslation();
  const setup = useSetupWithProfile(params);
  // The checks stay toasts, as before the move: the checklist under the field shows the rules.
  const form = useForm({
    defaultValues: { password: '', confirmation: '', photo: null as File | null },
    onSubmit: ({ value: { password, confirmation, photo } }) => {
      const problem = setupProblem(password, confirmation, { required: true, chosen: !!photo });
      if (problem) toast(problem);
      else if (photo) setup.mutate({ password, photo });
    },
  });

  const busy = setup.isPending || setup.isSuccess;
  return (
    <form
      noValidate
      onSubmit={submitForm(form)}
      data-testid="enhanced-setup-form"
      className="space-y-4"
    >
      <form.Subscribe selector={(state) => state.values}>
        {(values) => (
          <>
            <PhotoPicker
              photo={values.photo}
              onChange={(photo) => form.setFieldValue('photo', photo)}
              disabled={busy}
            />
            <PasswordSetupFields
              password={values.password}
              confirmation={values.confirmation}
              onPassword={(value) => form.setFieldValue('password', value)}
              onConfirmation={(value) => form.setFieldValue('confirmation', value)}
              disabled={busy}
            />
          </>
        )}
      </form.Subscribe>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {setup.isPending ? t('invitation.settingUp') : t('invitation.completeSetup')}
      </button>
    </form>
  );
}
