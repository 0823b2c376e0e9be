import { ChangePasswordRequest } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { PasswordField } from '../auth/PasswordField';
import { PasswordChecklist } from '../invitations/PasswordSetupFields';
import { firstError, submitForm } from '../forms/contractForm';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { smallButtonClass } from '../ui/styles';
import { EMPTY_PASSWORDS, passwordsFilled, type PasswordDraft } from './profileForm';
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
  const change = useChangePassword(() => form.reset());
  const form = useForm({
    defaultValues: EMPTY_PASSWORDS,
    validators: { onSubmit: ChangePasswordRequest },
    onSubmit: ({ value }) => change.mutate(value),
  });

  const busy = change.isPending;
  return (
    <Card>
      <CardTitle>{t('profile.password.title')}</CardTitle>
      <form
        noValidate
        onSubmit={submitForm(form)}
        data-testid="password-form"
        className="mt-4 space-y-4"
      >
        {FIELDS.map((input) => (
          <form.Field key={input.key} name={input.key}>
            {(field) => (
              <Field
                id={input.id}
                label={t(`profile.password.${input.label}`)}
                error={firstError(field.state.meta.errors)}
              >
                <PasswordField
                  id={input.id}
                  value={field.state.value}
                  disabled={busy}
                  autoComplete={input.autoComplete}
                  onChange={field.handleChange}
                />
                {/* The rules are the invitation's: shown as typed, not learnt one refusal at a time. */}
                {input.key === 'newPassword' && <PasswordChecklist password={field.state.value} />}
              </Field>
            )}
          </form.Field>
        ))}
        <form.Subscribe selector={(state) => passwordsFilled(state.values)}>
          {(filled) => (
            <button type="submit" disabled={busy || !filled} className={smallButtonClass}>
              {busy ? t('profile.password.updating') : t('profile.password.submit')}
            </button>
          )}
        </form.Subscribe>
      </form>
    </Card>
  );
}
