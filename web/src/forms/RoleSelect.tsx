import { CREATABLE_ROLES, type CreatableRole } from '@hub/proto';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClass } from '../ui/styles';

const isCreatableRole = (value: string): value is CreatableRole =>
  (CREATABLE_ROLES as readonly string[]).includes(value);

interface RoleSelectProps {
  id?: string;
  value: CreatableRole;
  onChange: (role: CreatableRole) => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/** A choice among the roles a person or a token can be given, each named in the reader's language. */
export function RoleSelect({ id, value, onChange, disabled, className, testId }: RoleSelectProps) {
  const { t } = useTranslation();
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isCreatableRole(event.target.value)) onChange(event.target.value);
  };
  return (
    <select
      id={id}
      data-testid={testId}
      value={value}
      disabled={disabled}
      onChange={choose}
      className={className ?? selectClass}
    >
      {CREATABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </select>
  );
}
