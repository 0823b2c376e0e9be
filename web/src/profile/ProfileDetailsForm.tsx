import { type User } from '@hub/proto';
import { useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass } from '../ui/styles';
import { emailChanging, profileChanged, profileErrors, type ProfileDraft } from './profileForm';
import { useUpdateProfile } from './mutations';
import { useTranslation } from 'react-i18next';

export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const loaded: ProfileDraft = { name: user.name, email: user.email };
  const [draft, setDraft] = useState<ProfileDraft>(loaded);
  const [errors, setErrors] = useState<FieldErrors>({});

  const update = useUpdateProfile();

  const changingEmail = emailChanging(user.email, draft);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = profileErrors(draft, user.email);
    setErrors(found);
    if (hasErrors(found)) return;
    const email = draft.email.trim().toLowerCase();
    update.mutate({
      name: draft.name.trim(),
      email,
      ...(changingEmail ? { currentPassword: draft.currentPassword } : {}),
    });
  };

  const busy = update.isPending;
  return (
    <Card>
      <CardTitle>{t('profile.details.title')}</CardTitle>
      <form noValidate onSubmit={submit} data-testid="profile-form" className="mt-4 space-y-4">
        <Field id="profile-name" label={t('profile.details.name')} error={errors.name}>
          <input
            id="profile-name"
            value={draft.name}
            disabled={busy}
            autoComplete="name"
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            className={inputClass}
          />
        </Field>
        <Field id="profile-email" label={t('profile.details.email')} error={errors.email}>
          <input
            id="profile-email"
            type="email"
            value={draft.email}
            disabled={busy}
            autoComplete="email"
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            className={inputClass}
          />
        </Field>
        {changingEmail && (
          <Field
            id="profile-current-password"
            label={t('profile.details.currentPassword')}
            error={errors.currentPassword}
          >
            <input
              id="profile-current-password"
              type="password"
              value={draft.currentPassword ?? ''}
              disabled={busy}
              autoComplete="current-password"
              onChange={(event) => setDraft({ ...draft, currentPassword: event.target.value })}
              className={inputClass}
            />
          </Field>
        )}
        <button
          type="submit"
          disabled={busy || !profileChanged(loaded, draft)}
          className={smallButtonClass}
        >
          {busy ? t('profile.saving') : t('profile.details.submit')}
        </button>
      </form>
    </Card>
  );
}
