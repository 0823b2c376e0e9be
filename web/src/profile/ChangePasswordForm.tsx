import { api } from '@hub/proto';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { PasswordField } from '../auth/PasswordField';
import { hasErrors, type FieldErrors } from '../forms/fieldErrors';
import { toast } from '../toast/toastStore';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { smallButtonClass } from '../ui/styles';
import {
  EMPTY_PASSWORDS,
  passwordErrors,
  passwordsFilled,
  type PasswordDraft,
} from './profileForm';

const FIELDS: { key: keyof PasswordDraft; id: string; label: string; autoComplete: string }[] = [
  {
    key: 'currentPassword',
    id: 'current-password',
    label: 'Current Password',
    autoComplete: 'current-password',
  },
  { key: 'newPassword', id: 'new-password', label: 'New Password', autoComplete: 'new-password' },
  {
    key: 'confirmPassword',
    id: 'confirm-password',
    label: 'Confirm New Password',
    autoComplete: 'new-password',
  },
];

export function ChangePasswordForm() {
  const [draft, setDraft] = useState<PasswordDraft>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = useMutation({
    mutationFn: (body: PasswordDraft) => call(api.changePassword, { body }),
    onSuccess: () => {
      toast({
        title: 'Password Updated',
        description: 'Your password has been changed. Your other sessions have been signed out.',
      });
      setDraft(EMPTY_PASSWORDS);
    },
    onError: (error) => toast(failureToast('Update Failed', error, 'Failed to update password.')),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordErrors(draft);
    setErrors(found);
    if (!hasErrors(found)) change.mutate(draft);
  };

  const busy = change.isPending;
  return (
    <Card>
      <CardTitle>Change Password</CardTitle>
      <form noValidate onSubmit={submit} data-testid="password-form" className="mt-4 space-y-4">
        {FIELDS.map((field) => (
          <Field key={field.key} id={field.id} label={field.label} error={errors[field.key]}>
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
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </form>
    </Card>
  );
}
