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
