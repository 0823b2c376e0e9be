import type { ToastInput } from '../toast/toastStore';
import { ApiError } from './client';

/** The server's own message when it sent one, otherwise the spec's fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** A destructive toast: title, then the server's message or the fallback. */
export function failureToast(title: string, error: unknown, fallback: string): ToastInput {
  return { title, description: serverMessageOr(error, fallback), variant: 'destructive' };
}
