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

export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
