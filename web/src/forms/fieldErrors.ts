import type { z } from 'zod';
import { readableIssue } from '../api/error-text';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message per top-level field of a failed parse, in the reader's language (as the API
 * would word it); empty when the value is valid.
 */
export function fieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= readableIssue(issue);
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
