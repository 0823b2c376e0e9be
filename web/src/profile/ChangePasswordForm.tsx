import { useState, type FormEvent } from 'react';
import { PasswordField } from '../auth/PasswordField';
import { hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { smallButtonClass } from '../ui/styles';
import {
  EMPTY_PASSWORDS,
  passwordErrors,
  passwordsFilled,
  type PasswordDraft,
} from './profileForm';
import { useChangePassword } from './mutations';
import { useTranslation } from 'react-i18next';

/** The three fields; each one's label is the catalog's `profile.password.<label>`. */
const FIELDS = [
  {
    key: 'currentPassword',
    id: 'current-password',
    label: 'current',
    autoComplete: 'current-password',
  },
  { key: 'newPassword', id: 'new-password', label: 'new', autoComplete: 'new-password' },
  {
    key: 'confirmPassword',
    id: 'confirm-password',
    label: 'confirm',
    autoComplete: 'new-password',
  },
] as const satisfies readonly {
  key: keyof PasswordDraft;
  id: string;
  label: string;
  autoComplete: string;
}[];

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PasswordDraft>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = useChangePassword(() => setDraft(EMPTY_PASSWORDS));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordErrors(draft);
    setErrors(found);
    if (!hasErrors(found)) change.mutate(draft);
  };

  const busy = change.isPending;
  return (
    <Card>
      <CardTitle>{t('profile.password.title')}</CardTitle>
      <form noValidate onSubmit={submit} data-testid="password-form" className="mt-4 space-y-4">
        {FIELDS.map((field) => (
          <Field
            key={field.key}
            id={field.id}
            label={t(`profile.password.${field.label}`)}
            error={errors[field.key]}
          >
            <PasswordField
              id={field.id}
              value={draft[field.key]}
              disabled={busy}
              autoComplete={field.autoComplete}
              onChange={(value) => setDraft((current) => ({ ...current, [field.key]: value }))}
            />
          </Field>
        ))}
        <button
          type="submit"
          disabled={busy || !passwordsFilled(draft)}
          className={smallButtonClass}
        >
          {busy ? t('profile.password.updating') : t('profile.password.submit')}
        </button>
      </form>
    </Card>
  );
}
