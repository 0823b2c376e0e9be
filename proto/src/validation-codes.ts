import type { z } from 'zod';

/**
 * What a schema's refusal of a request field says in words any client can render: the rule the
 * value broke (a stable name) and its limit. The API's `message` stays the schema's own English
 * sentence; the error body adds `code: 'invalid_field'` and these `params`, and the web app
 * writes the rule in the reader's language (web/src/i18n/locales/<lang>/validation.ts).
 * Rules are never renamed or reused: clients may keep them.
 */
export const VALIDATION_RULES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'too_few',
  'too_many',
  'email',
  'url',
  'format',
  'choice',
  'invalid',
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];

/** The `params` of an `invalid_field` error body. */
export interface ValidationParams {
  [name: string]: string | number;
  rule: ValidationRule;
  /** The field's path, 'questions.0.text' style; '' for the request as a whole. */
  field: string;
}

type Issue = z.core.$ZodIssue;
type SizeIssue = Extract<Issue, { code: 'too_small' | 'too_big' }>;

/** A size rule by what was measured: characters, a number, or the items of a list. */
function sizeRule(issue: SizeIssue): ValidationRule {
  const small = issue.code === 'too_small';
  if (issue.origin === 'string') {
    return small ? (Number(issue.minimum) <= 1 ? 'required' : 'too_short') : 'too_long';
  }
  if (issue.origin === 'array' || issue.origin === 'set') return small ? 'too_few' : 'too_many';
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    return small ? 'too_small' : 'too_big';
  }
  return 'invalid';
}

function ruleOf(issue: Issue): ValidationRule {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return sizeRule(issue);
    case 'invalid_type':
      // A missing field reads as zod's 'received undefined' (the input is not kept on the issue).
      return /received undefined$/.test(issue.message) ? 'required' : 'invalid';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      if (issue.format === 'url') return 'url';
      return 'format';
    case 'invalid_value':
      return 'choice';
    default:
      return 'invalid';
  }
}

/** The rule a zod issue names and its limit, for an `invalid_field` error body. */
export function validationParamsOf(issue: Issue): ValidationParams {
  const params: ValidationParams = { rule: ruleOf(issue), field: issue.path.join('.') };
  if (issue.code === 'too_small') params.minimum = Number(issue.minimum);
  if (issue.code === 'too_big') params.maximum = Number(issue.maximum);
  return params;
}
