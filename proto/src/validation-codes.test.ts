import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationParamsOf } from './validation-codes.js';

const Schema = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(10),
  code: z.string().min(3),
  email: z.email('Invalid email address'),
  site: z.url(),
  rating: z.number().int().min(1).max(5),
  options: z.array(z.string()).min(2).max(3),
  colour: z.enum(['red', 'blue']),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
const valid = {
  name: 'Ana',
  code: 'abc',
  email: 'a@b.co',
  site: 'https://a.b',
  rating: 3,
  options: ['a', 'b'],
  colour: 'red',
  day: '2026-12-02',
};

/** The params of the one issue a change to a valid request raises. */
function paramsFor(change: Record<string, unknown>) {
  const result = Schema.safeParse({ ...valid, ...change });
  if (result.success) throw new Error('expected a refusal');
  return validationParamsOf(result.error.issues[0]!);
}

describe('a refused field in words any client can render', () => {
  it('names the rule, the field and the limit', () => {
    expect(paramsFor({ name: '  ' })).toEqual({ rule: 'required', field: 'name', minimum: 1 });
    expect(paramsFor({ code: 'ab' })).toEqual({ rule: 'too_short', field: 'code', minimum: 3 });
    expect(paramsFor({ name: 'x'.repeat(11) })).toMatchObject({ rule: 'too_long', maximum: 10 });
    expect(paramsFor({ rating: 9 })).toMatchObject({ rule: 'too_big', maximum: 5 });
    expect(paramsFor({ rating: 0 })).toMatchObject({ rule: 'too_small', minimum: 1 });
    expect(paramsFor({ options: ['a'] })).toMatchObject({ rule: 'too_few', minimum: 2 });
    expect(paramsFor({ options: ['a', 'b', 'c', 'd'] })).toMatchObject({ rule: 'too_many' });
  });

  it('tells formats, choices and missing fields apart', () => {
    expect(paramsFor({ email: 'nope' }).rule).toBe('email');
    expect(paramsFor({ site: 'nope' }).rule).toBe('url');
    expect(paramsFor({ day: '2 Dec' }).rule).toBe('format');
    expect(paramsFor({ colour: 'green' }).rule).toBe('choice');
    expect(paramsFor({ name: undefined })).toEqual({ rule: 'required', field: 'name' });
    expect(paramsFor({ rating: 'many' }).rule).toBe('invalid');
  });
});
