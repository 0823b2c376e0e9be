import { failureReasonOf } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { describeFailure, POISON_REASON, timeoutFailure } from './failures.ts';
import { SandboxFailure } from './sandbox/sandbox-pool.ts';

const limits = { timeoutMs: 120_000, memoryMb: 512 };
const reasonOf = (error: unknown) => failureReasonOf(describeFailure(error, limits).message);

describe("the PDF worker's reasons", () => {
  it("are proto's FAILURE_REASONS sentences, so the web app can word them", () => {
    expect(failureReasonOf(POISON_REASON)?.code).toBe('pdf_worker_stopped');
    expect(failureReasonOf(timeoutFailure(120_000).message)?.code).toBe('processing_timeout');
    expect(reasonOf(new SandboxFailure('memory', 'x'))).toEqual({
      code: 'pdf_memory',
      params: { memoryMb: '512' },
    });
    expect(reasonOf(new SandboxFailure('error', 'x', 'PdfiumMemoryError'))).toEqual({
      code: 'pdf_memory',
      params: { memoryMb: '512' },
    });
    expect(reasonOf(new SandboxFailure('crash', 'gone'))?.code).toBe('pdf_reader_crashed');
    expect(reasonOf(new SandboxFailure('error', 'x', 'PasswordException'))?.code).toBe(
      'pdf_password',
    );
    expect(reasonOf(new SandboxFailure('error', 'Invalid XRef'))).toEqual({
      code: 'pdf_damaged',
      params: { detail: 'Invalid XRef.' },
    });
  });

  it("are the generic sentence for an unexpected error, never the error's own words", () => {
    const error = new Error('duplicate key value violates unique constraint "documents_pkey"');
    const failure = describeFailure(error, limits);
    expect(failureReasonOf(failure.message)?.code).toBe('unexpected_error');
    expect(failure.message).not.toContain('documents_pkey');
    expect(failure.retryable).toBe(true);
    expect(failure.cause).toBe(error);
  });
});
