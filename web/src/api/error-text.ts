import {
  ERROR_CODES,
  type ErrorCode,
  errorCodeOf,
  errorPartsOf,
  VALIDATION_RULES,
  type ValidationRule,
  validationParamsOf,
} from '@hub/proto';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';
import { readableFailureReason } from './failure-reason';
import type { validation } from '../i18n/locales/en/validation';

const KNOWN = new Set<string>(ERROR_CODES);
const RULES = new Set<string>(VALIDATION_RULES);

const isKnown = (code: string | undefined): code is ErrorCode =>
  code !== undefined && KNOWN.has(code);

/** The parts of an error code's text, as the error body's `params` carry them. */
export type ErrorParams = Record<string, string | number>;

/**
 * An API error's message as its reader reads it: the catalog's text for a code of proto's error
 * table, else the server's own message (no code, or one this build does not know yet). The
 * server writes English, so an English reader gets its message as sent, with the parts it
 * filled in (how long to wait); another reader gets the catalog's text with the data parts the
 * body's `params` carry (SOP titles, a column's name).
 */
export function readableServerMessage(
  message: string,
  code: string | undefined,
  params: ErrorParams = {},
): string {
  if (!isKnown(code) || i18n.language === 'en') return message;
  if (code === 'invalid_field') return fieldRefusal(params);
  // A detail worded by the service from the failure reasons (a connection's failure) is worded too.
  const { detail } = params;
  const worded =
    typeof detail === 'string' ? { ...params, detail: readableFailureReason(detail) } : params;
  return keyedText(`errors.${code}`, worded);
}

/** One of proto's error texts (an upload rule's message, say) as its reader reads it. */
export function readableErrorText(text: string): string {
  return readableServerMessage(text, errorCodeOf(text), errorPartsOf(text));
}

/**
 * A proto schema's refusal the web app found itself, before sending (a form checked on the
 * device): worded as the API would answer it, the schema's own sentence by its code when the
 * error table has it, else its rule and field.
 */
export function readableIssue(issue: z.core.$ZodIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const code = errorCodeOf(issue.message);
  if (code) return readableServerMessage(issue.message, code, errorPartsOf(issue.message));
  return readableServerMessage(issue.message, 'invalid_field', { ...validationParamsOf(issue) });
}

/** A rule's key in the catalog: camelCase, as 'too_many' would read as a plural form there. */
const catalogKey = (rule: ValidationRule) =>
  rule.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()) as CatalogRule;
type CatalogRule = keyof (typeof validation)['rules'];

/**
 * A field a schema refused, worded by its rule and limit, with the field's name in front when
 * the catalog knows it (the page may show the message away from the field, in a toast).
 */
function fieldRefusal({ rule, field, ...limits }: ErrorParams): string {
  if (typeof rule !== 'string' || !RULES.has(rule)) return i18n.t('errors.invalid_field');
  const text = keyedText(`validation.rules.${catalogKey(rule as ValidationRule)}`, limits);
  const name = String(field ?? '')
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop();
  const fields: Record<string, string> = i18n.t('validation.fields', { returnObjects: true });
  const label = name ? fields[name] : undefined;
  return label ? i18n.t('validation.withField', { field: label, text }) : text;
}
