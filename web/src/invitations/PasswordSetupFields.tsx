import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { PasswordField } from '../auth/PasswordField';
import { passwordChecklist } from './invitation';

interface PasswordSetupFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  disabled: boolean;
}

/** New password and confirmation, each with show/hide, the live checklist and the match line. */
export function PasswordSetupFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  disabled,
}: PasswordSetupFieldsProps) {
  const { t } = useTranslation();
  const matches = password === confirmation;
  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor="setup-password" className="text-sm font-medium">
          {t('invitation.password')}
        </label>
        <PasswordField
          id="setup-password"
          value={password}
          onChange={onPassword}
          disabled={disabled}
          autoComplete="new-password"
        />
      </div>
      <PasswordChecklist password={password} />
      <div className="space-y-1.5">
        <label htmlFor="setup-confirm-password" className="text-sm font-medium">
          {t('invitation.confirmPassword')}
        </label>
        <PasswordField
          id="setup-confirm-password"
          value={confirmation}
          onChange={onConfirmation}
          disabled={disabled}
          autoComplete="new-password"
        />
        {confirmation !== '' && (
          <p
            data-testid="password-match"
            className={clsx(
              'flex items-center gap-1 text-xs',
              matches ? 'text-green-700 dark:text-green-400' : 'text-red-600',
            )}
          >
            {matches ? <Check className="size-3.5" /> : <X className="size-3.5" />}
            {matches ? t('invitation.passwordsMatch') : t('invitation.passwordsDiffer')}
          </p>
        )}
      </div>
    </>
  );
}

/** The rules a new password meets, each ticked live as it is typed: seen before it is sent. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <ul
      data-testid="password-checklist"
      aria-label={t('invitation.requirements')}
      className="space-y-1"
    >
      {passwordChecklist(password).map((item) => (
        <li
          key={item.key}
          data-met={item.met}
          className={clsx(
            'flex items-center gap-2 text-xs',
            item.met ? 'text-green-700 dark:text-green-400' : 'text-slate-500',
          )}
        >
          {item.met ? <Check className="size-3.5" /> : <X className="size-3.5" />}
          {item.label}
        </li>
      ))}
    </ul>
  );
}
