import { FAILURE_REASONS } from '@hub/proto/jobs';
import { logger } from '@hub/runtime';

const log = logger('failures');

/**
 * A video or picture that cannot be processed, with the reason shown to users. Retryable failures
 * may pass on another attempt (storage, a provider); the others are facts about the file.
 */
export class VideoFailure extends Error {
  override readonly name = 'VideoFailure';
  readonly retryable: boolean;

  constructor(reason: string, retryable = false) {
    super(reason);
    this.retryable = retryable;
  }
}

export function durationText(ms: number): string {
  const minutes = ms / 60_000;
  if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

export const sentence = (text: string) => {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return 'no details given.';
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * The failure shown for any error: a VideoFailure as it is, another (the inbox, a library, a bug)
 * said generically, as its own words may hold a query or a path: they go to the log, with the
 * job's trace, never to the row.
 */
export function asVideoFailure(error: unknown, about: Record<string, unknown>): VideoFailure {
  if (error instanceof VideoFailure) return error;
  log.error({ err: error, ...about }, 'stopped by an unexpected error');
  return new VideoFailure(FAILURE_REASONS.unexpected_error, true);
}
