import { FAILURE_REASONS, failureReasonOf } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { describeFailure, POISON_REASON, timeoutFailure } from './failures.ts';
import { OcrTimeoutError } from './ocr/text-recognizer.ts';
import { recognitionFailure } from './pages/page-jobs.ts';
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
      params: { detail: FAILURE_REASONS.pdf_cause_reader_failed },
    });
  });

  it.each([
    ['InvalidPDFException', 'Invalid PDF structure', 'pdf_cause_not_pdf'],
    ['FormatError', 'Bad FCHECK in flate stream: 120, 239', 'pdf_cause_not_pdf'],
    ['UnknownErrorException', 'Unsupported security scheme', 'pdf_cause_security'],
    ['RangeError', 'Maximum call stack size exceeded', 'pdf_cause_too_deep'],
    ['RuntimeError', 'memory access out of bounds', 'pdf_cause_reader_failed'],
    ['Error', 'Invalid XRef stream header at offset 18342', 'pdf_cause_reader_failed'],
  ] as const)(
    "word the reader's %s as a sentence of their own, its words logged",
    (name, words, cause) => {
      const failure = describeFailure(new SandboxFailure('error', words, name), limits);
      expect(failureReasonOf(failure.message)).toEqual({
        code: 'pdf_damaged',
        params: { detail: FAILURE_REASONS[cause] },
      });
      // The detail is a reason of its own, so the web app words it in the reader's language.
      expect(failureReasonOf(FAILURE_REASONS[cause])?.code).toBe(cause);
      expect(failure.message).not.toContain(words);
      expect(failure.readerText).toBe(`${name}: ${words}`);
    },
  );

  it('word a reading thread that died without its words', () => {
    const gone = new SandboxFailure(
      'crash',
      'Worker terminated due to reaching memory limit: ERR_X',
    );
    const failure = describeFailure(gone, limits);
    expect(failureReasonOf(failure.message)).toEqual({
      code: 'pdf_reader_crashed',
      params: { detail: FAILURE_REASONS.pdf_cause_thread_ended },
    });
    expect(failure.readerText).toBe(gone.message);
    const overflow = new SandboxFailure('crash', 'Maximum call stack size exceeded', 'RangeError');
    expect(failureReasonOf(describeFailure(overflow, limits).message)?.params).toEqual({
      detail: FAILURE_REASONS.pdf_cause_too_deep,
    });
  });

  it("word an OCR engine's failure on a page without its words", () => {
    // tesseract.js rejects with its worker's message, often a bare string.
    const failure = recognitionFailure('Error: Unknown format - ensure input is a valid image', 1);
    expect(failure.message).toBe(FAILURE_REASONS.ocr_cause_engine_failed);
    expect(failure.retryable).toBe(true);
    expect(failure.readerText).toContain('Unknown format');
    // An Error (a bug of ours in the pool included) keeps its stack for the page's log line.
    const thrown = new TypeError("Cannot read properties of undefined (reading 'recognize')");
    expect(recognitionFailure(thrown, 1).cause).toBe(thrown);
    expect(
      failureReasonOf(recognitionFailure(new OcrTimeoutError('x'), 60_000).message)?.code,
    ).toBe('processing_timeout');
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
