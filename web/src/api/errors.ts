import type { ToastInput } from '../toast/toastStore';
import { ApiError } from './client';
import { i18n } from '../i18n/i18n';

/** The server's own message when it sent one, otherwise the spec's fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** A destructive toast: title, then the server's message or the fallback. */
export function failureToast(title: string, error: unknown, fallback: string): ToastInput {
  return { title, description: serverMessageOr(error, fallback), variant: 'destructive' };
}

/**
 * An error as the "could not be loaded: {{message}}" lines show it, in the reader's language:
 * the server's message (its catalog text when it has a code), else a catalog text for what
 * happened: no answer at all (the browser's 'Failed to fetch'), or an answer without a message
 * (only its HTTP status). Any other error's message is the app's own (already in the catalog).
 */
export function readableErrorMessage(error: unknown): string {
  if (error === null || error === undefined) return '';
  if (error instanceof ApiError) {
    return error.serverMessage ?? i18n.t('requestErrors.status', { status: error.status });
  }
  if (error instanceof TypeError) return i18n.t('requestErrors.network');
  return error instanceof Error ? error.message : String(error);
}
