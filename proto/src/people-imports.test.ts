import { describe, expect, it } from 'vitest';
import {
  PEOPLE_IMPORT_MESSAGES,
  PEOPLE_IMPORT_REASON_CODES,
  PEOPLE_IMPORT_REASONS,
  peopleImportReason,
  peopleImportReasonOf,
} from './people-imports.js';
import { errorCodeOf } from './error-codes.js';

describe("a refused row's reason", () => {
  it('gives back its code and parts, whatever a cell holds', () => {
    // A cell may hold anything, quotes and brackets too; the limits, rows and languages are ours.
    const own: Record<string, string> = { limit: '200', row: '12', languages: 'en, es, fr' };
    for (const code of PEOPLE_IMPORT_REASON_CODES) {
      const names = [...PEOPLE_IMPORT_REASONS[code].matchAll(/\{(\w+)\}/g)].map(([, n]) => n!);
      const parts = Object.fromEntries(
        names.map((name) => [name, own[name] ?? `x "${name}" (y). " (z`]),
      );
      expect(peopleImportReasonOf(peopleImportReason(code, parts)), code).toEqual({
        code,
        params: parts,
      });
    }
  });

  it('reads the sentences identity has always written, numbers as plain digits', () => {
    expect(peopleImportReasonOf('Job functions is longer than 2,000 characters.')).toEqual({
      code: 'job_functions_too_long',
      params: { limit: '2000' },
    });
    expect(peopleImportReasonOf('Duplicate email: already on row 100001.')).toEqual({
      code: 'email_duplicate',
      params: { row: '100001' },
    });
    expect(peopleImportReasonOf('Unknown language "de" (en, es, fr).')).toEqual({
      code: 'language_unknown',
      params: { language: 'de', languages: 'en, es, fr' },
    });
    expect(peopleImportReasonOf('This email is already in use.')).toEqual({
      code: 'email_in_use',
      params: {},
    });
    expect(peopleImportReasonOf('Something else.')).toBeUndefined();
  });

  it('refuses a file that is no CSV with a code of the error table', () => {
    expect(errorCodeOf(PEOPLE_IMPORT_MESSAGES.notCsv)).toBe('csv_type');
  });
});
