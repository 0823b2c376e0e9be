import { type User } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { fieldsValidator, submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { Card, CardTitle } from '../ui/Card';
import { smallButtonClass } from '../ui/styles';
import { emailChanging, profileChanged, profileErrors, type ProfileDraft } from './profileForm';
import { useUpdateProfile } from './mutations';
import { useTranslation } from 'react-i18next';

export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const loaded: ProfileDraft = { name: user.name, email: user.email };
  const update = useUpdateProfile();
  const form = useForm({
    // The current password is asked for only when the email changes.
    defaultValues: { ...loaded, currentPassword: '' },
    validators: {
      onSubmit: fieldsValidator((draft: ProfileDraft) => profileErrors(draft, user.email)),
    },
    onSubmit: ({ value: draft }) =>
      update.mutate({
        name: draft.name.trim(),
        email: draft.email.trim().toLowerCase(),
        ...(emailChanging(user.email, draft) ? { currentPassword: draft.currentPassword } : {}),
      }),
  });

  const busy = update.isPending;
  return (
    <Card>
      <CardTitle>{t('profile.details.title')}</CardTitle>
      <form
        noValidate
        onSubmit={submitForm(form)}
        data-testid="profile-form"
        className="mt-4 space-y-4"
      >
        <form.Field name="name">
          {(field) => (
            <TextField
              field={field}
              id="profile-name"
              label={t('profile.details.name')}
              disabled={busy}
              autoComplete="name"
            />
          )}
        </form.Field>
        <form.Field name="email">
          {(field) => (
            <TextField
              field={field}
              id="profile-email"
              type="email"
              label={t('profile.details.email')}
              disabled={busy}
              autoComplete="email"
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values}>
          {(draft) => (
            <>
              {emailChanging(user.email, draft) && (
                <form.Field name="currentPassword">
                  {(field) => (
                    <TextField
                      field={field}
                      id="profile-current-password"
                      type="password"
                      label={t('profile.details.currentPassword')}
                      disabled={busy}
                      autoComplete="current-password"
                    />
                  )}
                </form.Field>
              )}
              <button
                type="submit"
                disabled={busy || !profileChanged(loaded, draft)}
                className={smallButtonClass}
              >
                {busy ? t('profile.saving') : t('profile.details.submit')}
              </button>
            </>
          )}
        </form.Subscribe>
      </form>
    </Card>
  );
}
