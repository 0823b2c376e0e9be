import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXTS, errorCodeOf, errorPartsOf, errorText } from './error-codes.js';
import { INVALID_CREDENTIALS } from './identity.js';
import { NOT_PERMITTED } from './roles.js';
import { DOCUMENT_UPLOAD, VIDEO_UPLOAD } from './uploads.js';

describe('the error code table', () => {
  it('gives every text one code: no two codes share a text', () => {
    const texts = ERROR_CODES.map((code) => ERROR_TEXTS[code]);
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of ERROR_CODES) expect(errorCodeOf(ERROR_TEXTS[code])).toBe(code);
  });

  it('has stable snake_case codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('is where the spec texts the services throw come from, unchanged', () => {
    expect(INVALID_CREDENTIALS).toBe('Invalid email or password. Please try again.');
    expect(NOT_PERMITTED).toBe("You don't have permission to do this.");
    expect(errorCodeOf(DOCUMENT_UPLOAD.messages.wrongKind)).toBe('pdf_required');
    expect(errorCodeOf(VIDEO_UPLOAD.messages.tooLarge)).toBe('video_too_large');
  });

  it('knows a filled-in text by its code, and no other message', () => {
    const waited = errorText('sign_in_rate_limited', { wait: '5 minutes' });
    expect(waited).toBe('Too many sign-in attempts. Please wait 5 minutes and try again.');
    expect(errorCodeOf(waited)).toBe('sign_in_rate_limited');
    expect(errorCodeOf('Too many sign-in attempts.')).toBeUndefined();
    expect(errorCodeOf(`${INVALID_CREDENTIALS} And more.`)).toBeUndefined();
    expect(errorCodeOf('Some other message')).toBeUndefined();
  });

  it("gives back the parts a service filled in, for the error body's params", () => {
    expect(errorPartsOf('These SOPs have no published evaluation: Lockout, Forklift.')).toEqual({
      titles: 'Lockout, Forklift',
    });
    expect(errorPartsOf(ERROR_TEXTS.csv_empty)).toEqual({});
    expect(errorPartsOf('Some other message')).toEqual({});
  });
});
