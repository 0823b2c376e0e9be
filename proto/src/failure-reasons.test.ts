import { describe, expect, it } from 'vitest';
import { FAILURE_REASON_CODES, FAILURE_REASONS, failureReasonOf } from './failure-reasons.js';

describe("the workers' failure reasons", () => {
  it('are each found by their own code', () => {
    for (const code of FAILURE_REASON_CODES) {
      const filled = FAILURE_REASONS[code].replace(/\{(\w+)\}/g, 'x');
      expect(failureReasonOf(filled)?.code, code).toBe(code);
    }
  });

  it('give back the parts the worker filled in', () => {
    expect(failureReasonOf('The file is damaged and could not be read: Invalid XRef.')).toEqual({
      code: 'pdf_damaged',
      params: { detail: 'Invalid XRef.' },
    });
    expect(
      failureReasonOf('The AI provider refused the request (HTTP 429): quota exceeded.'),
    ).toEqual({ code: 'ai_refused', params: { status: '429', detail: 'quota exceeded.' } });
  });

  it('read a fixed sentence before a sentence with a part, and no other text', () => {
    expect(failureReasonOf('The document has no text and OCR found none.')?.code).toBe(
      'no_text_ocr_none',
    );
    expect(failureReasonOf('The document has no text and OCR failed on page 2: timeout')).toEqual({
      code: 'no_text_ocr_failed',
      params: { page: '2', detail: 'timeout' },
    });
    expect(failureReasonOf('Something else went wrong.')).toBeUndefined();
  });
});
