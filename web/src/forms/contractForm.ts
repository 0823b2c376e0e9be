// The app's forms are TanStack Form forms (docs/decisions.md): the form keeps the draft, and the
// contract's zod schema (proto) is the validator, so a page shows the server's own checks before
// sending. These helpers join the two where a form's values are not the request itself.
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, hasErrors, type FieldErrors } from './fieldErrors';

/**
 * A form-level validator from a function giving each field's message (none when valid): the
 * messages land on the form's fields of those names.
 */
export function fieldsValidator<TValues>(errorsOf: (values: TValues) => FieldErrors) {
  return ({ value }: { value: TValues }) => {
    const errors = errorsOf(value);
    return hasErrors(errors) ? { fields: errors } : undefined;
  };
}

/**
 * A form-level validator from a contract's schema, for a form whose values are not the request
 * itself: it parses the request the form would send (`toRequest` of its values) and puts the
 * first message of each request field on the form field of that name, or on the one `fieldOf`
 * names (a nested part of the request shown under one field). Where the values are the request,
 * the schema itself is the validator.
 */
export function contractValidator<TValues>(
  schema: z.ZodType,
  toRequest: (values: TValues) => unknown,
  fieldOf: Partial<Record<string, string>> = {},
) {
  return fieldsValidator((values: TValues) =>
    Object.fromEntries(
      Object.entries(fieldErrors(schema, toRequest(values))).map(([key, message]) => [
        fieldOf[key] ?? key,
        message,
      ]),
    ),
  );
}

/**
 * The message a field shows: its first error, a string from `contractValidator` or a schema's
 * issue (`{ message }`) when the schema itself is the validator.
 */
export function firstError(errors: readonly unknown[]): string | undefined {
  const [error] = errors;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return undefined;
}

/** A <form>'s onSubmit: the browser's own submission stopped, the form's run instead. */
export function submitForm(form: { handleSubmit: () => Promise<unknown> }) {
  return (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void form.handleSubmit();
  };
}
