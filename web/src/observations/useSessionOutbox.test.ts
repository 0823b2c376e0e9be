import type { Finding } from '@hub/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OutboxItem, outboxStorageKey, restoreOutbox } from './sessionOutbox';
import { OutboxSender, SEND_TIMEOUT_MS } from './useSessionOutbox';
import { memoryStorage } from './memory-storage.test-support';
import { answer } from './outbox-items.test-support';

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

  it('says the answers are kept only on this page until a write succeeds again', () => {
    const storage = memoryStorage();
    const setItem = storage.setItem;
    storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', storage);
    const sender = new OutboxSender(7, events);
    expect(sender.savedOnDevice()).toBe(true);
    sender.record(answer('k1', 'q1'));
    expect(sender.savedOnDevice()).toBe(false);

    storage.setItem = setItem;
    sender.record(answer('k2', 'q2'));
    expect(sender.savedOnDevice()).toBe(true);
    expect(stored().map((item) => item.key)).toEqual(['k1', 'k2']);
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
      expect(sender.savedOnDevice()).toBe(false);
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

/** Read after the fake clock moved a second on: polled, the backoff's waits go by. */
const timePasses =
  <T>(read: () => T) =>
  async (): Promise<T> => {
    await vi.advanceTimersByTimeAsync(1000);
    return read();
  };

describe('a server or gateway that cannot take the item now', () => {
  it('keeps it on a 500 or a 503, and sends it again with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.stubGlobal('localStorage', memoryStorage());
      const answers = [
        new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 }),
        new Response(JSON.stringify({ message: 'Redis unavailable' }), {
          status: 503,
          headers: { 'retry-after': '5' },
        }),
        nextQuestion(),
      ];
      const fetch = vi.fn(() => Promise.resolve(answers.shift()!));
      vi.stubGlobal('fetch', fetch);
      const refused = vi.fn();
      const sender = new OutboxSender(7, { ...events, onRefused: refused });
      sender.start();
      sender.record(answer('k1', 'q1'));
      await expect.poll(timePasses(() => stored())).toEqual([]);
      expect(sentKeys(fetch)).toEqual(['k1', 'k1', 'k1']);
      expect(refused).not.toHaveBeenCalled();
      sender.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a request that hangs on patchy Wi-Fi', () => {
  it('is given up after SEND_TIMEOUT_MS, kept, and sent again with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.stubGlobal('localStorage', memoryStorage());
      // The first request never answers; it ends only when its signal aborts it.
      const hanging = (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        });
      const fetch = vi.fn(hanging);
      fetch
        .mockImplementationOnce(hanging)
        .mockImplementation(() => Promise.resolve(nextQuestion()));
      vi.stubGlobal('fetch', fetch);
      const refused = vi.fn();
      const sender = new OutboxSender(7, { ...events, onRefused: refused });
      sender.start();
      sender.record(answer('k1', 'q1'));
      sender.record(answer('k2', 'q2'));
      await expect.poll(() => fetch.mock.calls.length).toBe(1);
      expect((fetch.mock.calls[0]![1] as RequestInit).signal).toBeInstanceOf(AbortSignal);

      await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
      expect(refused).not.toHaveBeenCalled();
      expect(stored().map((item) => item.key)).toEqual(['k1', 'k2']);
      await expect.poll(timePasses(() => stored())).toEqual([]);
      expect(sentKeys(fetch)).toEqual(['k1', 'k1', 'k2']);
      sender.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a finding recorded offline', () => {
  it('is sent with the time it was recorded, not only the time it arrives', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const fetch = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify(recorded), { status: 201 })),
    );
    vi.stubGlobal('fetch', fetch);
    const sender = new OutboxSender(7, events);
    sender.record(finding('k1'));
    sender.start();
    await expect.poll(() => stored()).toEqual([]);
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(init.body as string)).toMatchObject({
      idempotencyKey: 'k1',
      recordedAt: '2026-01-01T00:00:00.000Z',
    });
    sender.stop();
  });
});
