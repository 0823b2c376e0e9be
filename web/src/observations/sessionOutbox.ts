import type { CreateFindingRequest, ObservationSession, ResponseSubmission } from '@hub/proto';
import { isApiError } from '../api/client';

/**
 * The live session's outbox (issue #34): answers and findings recorded on the device, each with
 * the idempotency key it was given when the person recorded it, kept in localStorage (one entry
 * per person and observation) until the server confirms them, and sent in order, one at a time.
 * These are the pure parts; useSessionOutbox sends.
 */

export type OutboxItem =
  | {
      kind: 'response';
      key: string;
      /** Its position in the session, for the list of answers. */
      questionIndex: number;
      body: ResponseSubmission & { idempotencyKey: string };
    }
  | {
      kind: 'finding';
      key: string;
      recordedAt: string;
      body: CreateFindingRequest & { idempotencyKey: string };
    };

/**
 * One entry per person and observation: on a shared device, what one person recorded is never
 * sent under the next person's sign-in.
 */
export const outboxStorageKey = (userId: number | undefined, observationId: number) =>
  `hub.observation-outbox.${userId ?? 'anonymous'}.${observationId}`;

const isItem = (value: unknown): value is OutboxItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<OutboxItem>;
  return (
    (item.kind === 'response' || item.kind === 'finding') &&
    typeof item.key === 'string' &&
    typeof item.body === 'object' &&
    item.body !== null &&
    item.body.idempotencyKey === item.key
  );
};

/** The queue kept for the observation, in the order recorded; anything unreadable is left out. */
export function restoreOutbox(storage: Pick<Storage, 'getItem'>, storageKey: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(storageKey) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isItem) : [];
}

/** Keeps the queue (an empty one leaves nothing behind). */
export function persistOutbox(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  storageKey: string,
  items: readonly OutboxItem[],
): void {
  if (items.length === 0) storage.removeItem(storageKey);
  else storage.setItem(storageKey, JSON.stringify(items));
}

/** Adds at the end; an item already queued (same key) is not queued twice. */
export function enqueue(items: readonly OutboxItem[], item: OutboxItem): OutboxItem[] {
  return items.some((queued) => queued.key === item.key) ? [...items] : [...items, item];
}

/** The queue without the item the server confirmed (or refused). */
export function settle(items: readonly OutboxItem[], key: string): OutboxItem[] {
  return items.filter((item) => item.key !== key);
}

/** Sent first: the oldest. */
export const nextToSend = (items: readonly OutboxItem[]): OutboxItem | undefined => items[0];

/**
 * 4xx answers that say nothing about the item: 408 and 429 (a proxy's or the gateway's "not
 * now"), and 401: the sign-in ended while the phone was offline (a session lasts 12 hours);
 * dropping it lost the shift's answers, kept it goes after the next sign-in.
 */
const RETRIED_CLIENT_STATUSES = new Set([401, 408, 429]);

/**
 * A fetch that never got an answer: rejected with a TypeError without network ('Failed to
 * fetch'), or aborted (the send's timeout, or a restart): the server may not have seen it.
 */
const noAnswer = (error: unknown) =>
  error instanceof TypeError ||
  (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/**
 * Retried later: no answer, any 5xx (a 500, or a gateway's 502/503/504 during an outage, which
 * may take it a moment later: the idempotency key keeps a repeat from recording twice), or a
 * status in RETRIED_CLIENT_STATUSES. Only the other 4xx (400, 403, 404, 409, 422 ...) are final:
 * the server will refuse the item every time, so it is dropped and the error shown.
 */
export function shouldRetry(error: unknown): boolean {
  if (isApiError(error)) return error.status >= 500 || RETRIED_CLIENT_STATUSES.has(error.status);
  return noAnswer(error);
}

/**
 * Backoff between attempts: 2 s, 4 s, 8 s ... at most 30 s (and at once when `online` fires), but
 * never less than the server asked to wait (`retryAfterMs`, its Retry-After).
 */
export function retryDelayMs(failedAttempts: number, retryAfterMs = 0): number {
  return Math.max(retryAfterMs, Math.min(30_000, 1000 * 2 ** Math.max(1, failedAttempts)));
}

/** The answers still waiting, by question id. */
export function queuedAnswers(items: readonly OutboxItem[]) {
  const answers = new Map<string, Extract<OutboxItem, { kind: 'response' }>>();
  for (const item of items) if (item.kind === 'response') answers.set(item.body.questionId, item);
  return answers;
}

/** The question to show: the first one neither answered on the server nor waiting to be sent. */
export function currentQuestionIndex(
  session: Pick<ObservationSession, 'questions' | 'responses'>,
  items: readonly OutboxItem[],
): number {
  const answered = new Set(session.responses.map((response) => response.questionId));
  for (const questionId of queuedAnswers(items).keys()) answered.add(questionId);
  const index = session.questions.findIndex((question) => !answered.has(question.id));
  return index === -1 ? session.questions.length : index;
}

/** A version 4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(source: Crypto = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
