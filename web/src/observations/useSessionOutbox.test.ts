import type { Finding } from '@hub/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OutboxItem, outboxStorageKey, restoreOutbox } from './sessionOutbox';
import { OutboxSender } from './useSessionOutbox';
import { memoryStorage } from './memory-storage.test-support';

const finding = (key: string): OutboxItem => ({
  kind: 'finding',
  key,
  recordedAt: '2026-01-01T00:00:00.000Z',
  body: { severity: 'high', category: 'safety', note: key, idempotencyKey: key },
});

const recorded: Finding = {
  id: 1,
  severity: 'high',
  category: 'safety',
  note: 'k1',
  status: 'open',
  createdAt: '2026-01-01T00:00:00.000Z',
  resolvedAt: null,
};

const events = { onSent: () => undefined, onRefused: () => undefined };
const stored = () => restoreOutbox(localStorage, outboxStorageKey(undefined, 7));

afterEach(() => vi.unstubAllGlobals());

describe('two tabs of one session on one device', () => {
  it('keeps what each tab recorded, also when one of them settles an item', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const first = new OutboxSender(7, events);
    const second = new OutboxSender(7, events);
    first.record(finding('k1'));
    second.record(finding('k2'));
    expect(stored().map((item) => item.key)).toEqual(['k1', 'k2']);

    first.start();
    await expect.poll(() => fetch.mock.calls.length).toBe(1);
    answer(new Response(JSON.stringify(recorded), { status: 201 }));
    await expect.poll(() => stored().map((item) => item.key)).toEqual(['k2']);
    first.stop();
  });
});

const answer = (key: string, questionId: string): OutboxItem => ({
  kind: 'response',
  key,
  questionIndex: 0,
  body: {
    questionId,
    selectedOption: 'A',
    selectedOptionText: 'Yes',
    timeSpentSeconds: 3,
    managerNotes: '',
    idempotencyKey: key,
  },
});

const nextQuestion = () =>
  new Response(
    JSON.stringify({ completed: false, nextQuestionIndex: 1, score: null, passed: null }),
    { status: 200 },
  );

/** The idempotency keys of the answers the server was sent, in order. */
const sentKeys = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map((call) => {
    const init = call[1] as RequestInit;
    return (JSON.parse(init.body as string) as { idempotencyKey: string }).idempotencyKey;
  });

describe('a phone whose storage keeps nothing (full, or a private mode)', () => {
  it('still records and sends every answer, in order', async () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', full);
    const fetch = vi.fn(() => Promise.resolve(nextQuestion()));
    vi.stubGlobal('fetch', fetch);
    const sender = new OutboxSender(7, events);
    sender.record(answer('k1', 'q1'));
    sender.record(answer('k2', 'q2'));
    expect(sender.snapshot().map((item) => item.key)).toEqual(['k1', 'k2']);

    sender.start();
    await expect.poll(() => sender.snapshot()).toEqual([]);
    expect(sentKeys(fetch)).toEqual(['k1', 'k2']);
    sender.stop();
  });

  it('opens the session and records when reading storage is refused altogether', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const sender = new OutboxSender(7, events);
      sender.record(answer('k1', 'q1'));
      expect(sender.snapshot().map((item) => item.key)).toEqual(['k1']);
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});

describe('two tabs of one session, one of them behind', () => {
  it('shows in each tab what the other recorded', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const first = new OutboxSender(7, events);
    const second = new OutboxSender(7, events);
    first.record(answer('k1', 'q1'));
    second.record(answer('k2', 'q2'));
    // Else the first tab asks question 2 again, and completes the session without waiting for it.
    expect(first.snapshot().map((item) => item.key)).toEqual(['k1', 'k2']);
  });

  it("shows the page again when the other tab writes this session's queue", () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const sender = new OutboxSender(7, events);
    const shown = vi.fn();
    sender.subscribe(shown);
    sender.otherTabWrote({ key: outboxStorageKey(undefined, 8) });
    expect(shown).not.toHaveBeenCalled();
    sender.otherTabWrote({ key: outboxStorageKey(undefined, 7) });
    expect(shown).toHaveBeenCalledOnce();
  });
});
