import { describe, expect, it } from 'vitest';
import { failureReasonOf } from '@hub/proto';
import { EVALUATION_NOT_STARTED } from './library-inbox.js';
import { STALLED_EVALUATION_REASON, STALLED_REASON } from './stall-sweeper.js';

/**
 * The reasons the library itself stores on a document (not a worker's) are shown in the list and
 * the viewer like a worker's: each must be a sentence of proto's FAILURE_REASONS, or a reader of
 * another language than English sees it in English.
 */
describe("the library's own failure reasons", () => {
  it('name a stalled processing run, with or without the queue’s cause', () => {
    expect(failureReasonOf(STALLED_REASON)?.code).toBe('document_stalled');
    expect(failureReasonOf(`${STALLED_REASON} (job stalled more than allowable limit)`)).toEqual({
      code: 'document_stalled_cause',
      params: { detail: 'job stalled more than allowable limit' },
    });
  });

  it('name a stalled evaluation generation, with or without the queue’s cause', () => {
    expect(failureReasonOf(STALLED_EVALUATION_REASON)?.code).toBe('evaluation_stalled');
    expect(failureReasonOf(`${STALLED_EVALUATION_REASON} (worker lost)`)).toEqual({
      code: 'evaluation_stalled_cause',
      params: { detail: 'worker lost' },
    });
  });

  it('name an evaluation generation that could not be asked for generically', () => {
    expect(failureReasonOf(EVALUATION_NOT_STARTED)?.code).toBe('unexpected_error');
  });
});
