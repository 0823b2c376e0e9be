import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import {
  currentQuestionIndex,
  enqueue,
  newIdempotencyKey,
  nextToSend,
  type OutboxItem,
  outboxStorageKey,
  persistOutbox,
  restoreOutbox,
  retryDelayMs,
  settle,
  shouldRetry,
} from './sessionOutbox';
import { memoryStorage } from './memory-storage.test-support';
import { answer } from './outbox-items.test-support';

const finding = (key: string): OutboxItem => ({
  kind: 'finding',
  key,
  recordedAt: '2026-01-01T00:00:00.000Z',
  body: { severity: 'high', category: 'safety', note: 'No gloves', idempotencyKey: key },
});

describe('the session outbox', () => {
  it('keeps items in the order recorded, sends the oldest first, never queues a key twice', () => {
    let items = enqueue([], answer('k1', 'q1'));
    items = enqueue(items, finding('k2'));
    items = enqueue(items, answer('k3', 'q2', 1));
    items = enqueue(items, answer('k1', 'q1'));
    expect(items.map((item) => item.key)).toEqual(['k1', 'k2', 'k3']);
    expect(nextToSend(items)?.key).toBe('k1');
    items = settle(items, 'k1');
    expect(nextToSend(items)?.key).toBe('k2');
    expect(nextToSend(settle(settle(items, 'k2'), 'k3'))).toBeUndefined();
  });

  it("restores one person's queue of one observation after a reload, and forgets an empty one", () => {
    const storage = memoryStorage();
    const items = [answer('k1', 'q1'), finding('k2')];
    persistOutbox(storage, outboxStorageKey(3, 7), items);
    expect(restoreOutbox(storage, outboxStorageKey(3, 7))).toEqual(items);
    expect(restoreOutbox(storage, outboxStorageKey(3, 8))).toEqual([]);
    expect(restoreOutbox(storage, outboxStorageKey(4, 7))).toEqual([]);
    persistOutbox(storage, outboxStorageKey(3, 7), []);
    expect(storage.values.has(outboxStorageKey(3, 7))).toBe(false);
  });

  it('restores nothing unreadable: bad JSON, other shapes, a body without its key', () => {
    const storage = memoryStorage();
    storage.setItem('a', '{not json');
    expect(restoreOutbox(storage, 'a')).toEqual([]);
    storage.setItem('b', JSON.stringify({ kind: 'response' }));
    expect(restoreOutbox(storage, 'b')).toEqual([]);
    const keyless = { ...answer('k1', 'q1'), body: { questionId: 'q1' } };
    storage.setItem('c', JSON.stringify([keyless, finding('k2'), null]));
    expect(restoreOutbox(storage, 'c').map((item) => item.key)).toEqual(['k2']);
  });

  it('retries when there was no network, not when the server refused the item', () => {
    expect(shouldRetry(new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(new ApiError(503, undefined))).toBe(true);
    expect(shouldRetry(new ApiError(502, undefined))).toBe(true);
    // Signed out while offline (the session's lifetime ended): kept for the next sign-in.
    expect(shouldRetry(new ApiError(401, 'Not signed in'))).toBe(true);
    expect(shouldRetry(new ApiError(400, 'Please select an option before continuing'))).toBe(false);
    expect(shouldRetry(new ApiError(403, undefined))).toBe(false);
    expect(shouldRetry(new ApiError(409, 'This observation is already completed.'))).toBe(false);
    expect(shouldRetry(new Error('bug'))).toBe(false);
  });

  it("keeps what the server may still take: a 500, a proxy's or gateway's 408/429/502/503/504", () => {
    // The gateway answers 503 with Retry-After while Redis is away; a proxy 408, 429 or 504.
    for (const status of [408, 429, 500, 502, 503, 504]) {
      expect(shouldRetry(new ApiError(status, undefined)), `HTTP ${status}`).toBe(true);
    }
    // Only a refusal the server will repeat for ever drops the item.
    for (const status of [400, 403, 404, 409, 422]) {
      expect(shouldRetry(new ApiError(status, undefined)), `HTTP ${status}`).toBe(false);
    }
  });

  it('retries a send that timed out or was aborted, as one that never got an answer', () => {
    expect(shouldRetry(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(true);
    expect(shouldRetry(new DOMException('This operation was aborted', 'AbortError'))).toBe(true);
    expect(shouldRetry(new DOMException('Not allowed', 'NotAllowedError'))).toBe(false);
  });

  it('backs off 2 s, 4 s, 8 s ... up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((failures) => retryDelayMs(failures))).toEqual([
      2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('waits at least as long as the server asked (Retry-After), past the backoff too', () => {
    expect(retryDelayMs(1, 5000)).toBe(5000);
    expect(retryDelayMs(3, 5000)).toBe(8000);
    expect(retryDelayMs(6, 120_000)).toBe(120_000);
  });

  it('shows the first question answered neither on the server nor in the outbox', () => {
    const session = {
      questions: [{ id: 'q1' }, { id: 'q2' }, { id: 'q3' }].map((question) => ({
        ...question,
        text: '',
        category: '',
        options: [],
      })),
      responses: [] as { questionId: string }[],
    } as unknown as Parameters<typeof currentQuestionIndex>[0];
    expect(currentQuestionIndex(session, [])).toBe(0);
    expect(currentQuestionIndex(session, [answer('k1', 'q1'), finding('k2')])).toBe(1);
    const answered = { ...session, responses: [{ questionId: 'q1' }] };
    expect(
      currentQuestionIndex(answered as typeof session, [
        answer('k3', 'q2', 1),
        answer('k4', 'q3', 2),
      ]),
    ).toBe(3);
  });

  it('makes version 4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const withoutRandomUuid = {
      getRandomValues: crypto.getRandomValues.bind(crypto),
    } as unknown as Crypto;
    expect(newIdempotencyKey(withoutRandomUuid)).toMatch(uuid);
    expect(newIdempotencyKey(withoutRandomUuid)).not.toBe(newIdempotencyKey(withoutRandomUuid));
  });
});
