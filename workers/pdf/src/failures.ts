import { FAILURE_REASONS } from '@hub/proto/jobs';
import { crashCause, readerCause } from './reader-causes.ts';
import { SandboxFailure } from './sandbox/sandbox-pool.ts';

/**
 * A document that cannot be processed, with the reason shown to users. Retryable failures may
 * pass on another attempt (storage or a crash); the others are facts about the file.
 */
export class DocumentFailure extends Error {
  override readonly name = 'DocumentFailure';
  readonly retryable: boolean;
  /** What a reader or the OCR engine said, in its words: for the log, never the reason. */
  readonly readerText: string | undefined;

  constructor(reason: string, retryable = false, readerText?: string) {
    super(reason);
    this.retryable = retryable;
    this.readerText = readerText;
  }
}

/** Said on a document during which the worker process died twice (see the kit's PoisonPolicy). */
export const POISON_REASON =
  'Processing stopped the PDF worker twice; the file may be damaged or hostile.';

export function durationText(ms: number): string {
  const minutes = ms / 60_000;
  if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export const timeoutFailure = (timeoutMs: number) =>
  new DocumentFailure(`Processing took longer than ${durationText(timeoutMs)}.`);

const memoryFailure = (limits: FailureLimits) =>
  new DocumentFailure(
    `The document needs more memory than the ${limits.memoryMb} MB allowed for one file.`,
  );

const readerWords = (failure: SandboxFailure) =>
  failure.errorName ? `${failure.errorName}: ${failure.message}` : failure.message;

function fromSandbox(failure: SandboxFailure, limits: FailureLimits): DocumentFailure {
  switch (failure.kind) {
    case 'timeout':
      return timeoutFailure(limits.timeoutMs);
    case 'memory':
      return memoryFailure(limits);
    case 'crash':
      return new DocumentFailure(
        `The PDF reader stopped unexpectedly: ${crashCause(failure.errorName, failure.message)}`,
        true,
        readerWords(failure),
      );
    case 'error':
      // PDFium's heap is outside the thread's, so the thread checks it against the same limit.
      if (failure.errorName === 'PdfiumMemoryError') return memoryFailure(limits);
      if (failure.errorName === 'PasswordException') {
        return new DocumentFailure('The PDF is password-protected.');
      }
      return new DocumentFailure(
        `The file is damaged and could not be read: ${readerCause(failure.errorName, failure.message)}`,
        false,
        readerWords(failure),
      );
  }
}

export interface FailureLimits {
  timeoutMs: number;
  memoryMb: number;
}

/**
 * The user-facing failure for anything thrown while processing a document. An unexpected error
 * (the inbox, a library, a bug) is said generically: its own words may hold a query or a path,
 * so it is the failure's `cause`, for the worker to log with the job's trace, never the row's.
 */
export function describeFailure(error: unknown, limits: FailureLimits): DocumentFailure {
  if (error instanceof DocumentFailure) return error;
  if (error instanceof SandboxFailure) return fromSandbox(error, limits);
  const failure = new DocumentFailure(FAILURE_REASONS.unexpected_error, true);
  failure.cause = error;
  return failure;
}
