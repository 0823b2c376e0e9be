import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '../ui/Field';
import { inputClass, textareaClass } from '../ui/styles';
import { firstError } from './contractForm';

/** What a text control needs of a TanStack Form field of a string. */
export interface StringFieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'onBlur' | 'children'
>;

interface TextFieldProps extends InputProps {
  field: StringFieldApi;
  id: string;
  label: string;
  hint?: ReactNode;
  /** A textarea of that many rows rather than a one-line input. */
  rows?: number;
}

/** A labelled text input (or textarea) bound to a form field, its first error underneath. */
export function TextField({ field, id, label, hint, rows, className, ...input }: TextFieldProps) {
  const bound = {
    id,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    disabled: input.disabled,
    placeholder: input.placeholder,
    maxLength: input.maxLength,
  };
  return (
    <Field id={id} label={label} hint={hint} error={firstError(field.state.meta.errors)}>
      {rows === undefined ? (
        <input {...input} {...bound} className={className ?? inputClass} />
      ) : (
        <textarea {...bound} rows={rows} className={className ?? textareaClass} />
      )}
    </Field>
  );
}
