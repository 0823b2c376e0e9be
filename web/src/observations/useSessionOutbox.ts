import { type Finding, type ResponseResult } from '@hub/proto';
import { api } from '../api/routes';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { call, isApiError } from '../api/client';
import { readCurrentUser } from '../auth/session';
import {
  enqueue,
  nextToSend,
  type OutboxItem,
  outboxStorageKey,
  persistOutbox,
  restoreOutbox,
  retryDelayMs,
  settle,
  shouldRetry,
} from './sessionOutbox';

export type SentItem =
  | { item: Extract<OutboxItem, { kind: 'response' }>; result: ResponseResult }
  | { item: Extract<OutboxItem, { kind: 'finding' }>; result: Finding };

export interface OutboxEvents {
  /** The server recorded the item (or had already: a retry answers the first result). */
  onSent(sent: SentItem): void;
  /** The server refused it for good (a 4xx it would repeat): the item is dropped, the error shown. */
  onRefused(item: OutboxItem, error: unknown): void;
}

/**
 * How long one send may take before it counts as no answer (kept, sent again with its key).
 * Past the gateway's 10 s RPC deadline, so a slow but working server still answers; short
 * enough that a request lost on patchy Wi-Fi does not hold every answer behind it for minutes.
 */
export const SEND_TIMEOUT_MS = 15_000;

function send(observationId: number, item: OutboxItem, signal: AbortSignal): Promise<SentItem> {
  const params = { id: observationId };
  if (item.kind === 'response') {
    return call(api.observationResponse, { params, body: item.body, signal }).then((result) => ({
      item,
      result,
    }));
  }
  // The time it was recorded on the device: sent later, it would otherwise get the arrival's.
  const body = { ...item.body, recordedAt: item.recordedAt };
  return call(api.addFinding, { params, body, signal }).then((result) => ({ item, result }));
}

/**
 * send, given up after SEND_TIMEOUT_MS with a TimeoutError as AbortSignal.timeout rejects: a
 * timer of its own, which the tests' fake clock moves (it does not move AbortSignal.timeout's).
 */
async function sendInTime(observationId: number, item: OutboxItem): Promise<SentItem> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The send timed out.', 'TimeoutError')),
    SEND_TIMEOUT_MS,
  );
  try {
    return await send(observationId, item, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** The device's localStorage; null where even reading it is refused (storage disabled). */
function deviceStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/**
 * Sends one observation's queue in order, one item at a time, keeping it in localStorage.
 * Exported for its tests (two tabs of one session).
 */
export class OutboxSender {
  private items: OutboxItem[] = [];
  /** The entry as last read or written, so a snapshot is the same array until it changes. */
  private raw: string | null = null;
  /**
   * False while the device keeps nothing (storage full, or refused): this page's copy is then the
   * queue. Rereading the empty or older entry instead lost each answer recorded before the last.
   */
  private kept = true;
  private readonly listeners = new Set<() => void>();
  private sending = false;
  private running = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly storageKey: string;

  constructor(
    private readonly observationId: number,
    private readonly events: OutboxEvents,
  ) {
    this.storageKey = outboxStorageKey(readCurrentUser()?.id, observationId);
    this.items = this.stored();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /**
   * The queue as kept, also what another tab of the session recorded: a tab that showed only its
   * own asked again a question the other had answered, and let the last one be answered (the
   * observation completed) with the other's answers still waiting.
   */
  readonly snapshot = () => this.stored();

  /** False while the device keeps nothing: a reload would lose what waits (the page warns). */
  readonly savedOnDevice = () => this.kept;

  /** Another tab wrote the queue (the `storage` event): shown again. */
  readonly otherTabWrote = (event: Pick<StorageEvent, 'key'>) => {
    if (event.key === this.storageKey || event.key === null) this.notify();
  };

  readonly record = (item: OutboxItem) => {
    this.update(enqueue(this.stored(), item));
    this.failures = 0;
    void this.flush();
  };

  /** Resumes (on mount, after a reload: the restored queue) and on every `online` event. */
  readonly start = () => {
    this.running = true;
    this.failures = 0;
    void this.flush();
  };

  readonly stop = () => {
    this.running = false;
    clearTimeout(this.timer);
  };

  /**
   * The queue as kept now, not as this page last wrote it: another tab of the same session
   * writes the same entry, and writing our copy over it lost what that tab recorded.
   */
  private stored(): OutboxItem[] {
    if (!this.kept) return this.items;
    let raw: string | null;
    try {
      raw = deviceStorage()?.getItem(this.storageKey) ?? null;
    } catch {
      this.kept = false;
      return this.items;
    }
    if (raw !== this.raw) {
      this.raw = raw;
      this.items = restoreOutbox({ getItem: () => raw }, this.storageKey);
    }
    return this.items;
  }

  private update(items: OutboxItem[]) {
    this.items = items;
    this.kept = this.persist(items);
    this.notify();
  }

  /** Whether the device kept the queue. */
  private persist(items: OutboxItem[]): boolean {
    const storage = deviceStorage();
    if (!storage) return false;
    try {
      persistOutbox(storage, this.storageKey, items);
      this.raw = storage.getItem(this.storageKey);
      return true;
    } catch {
      return false;
    }
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private async flush(): Promise<void> {
    if (this.sending || !this.running) return;
    this.sending = true;
    clearTimeout(this.timer);
    try {
      for (
        let item = nextToSend(this.stored());
        item && this.running;
        item = nextToSend(this.stored())
      ) {
        try {
          const sent = await sendInTime(this.observationId, item);
          this.failures = 0;
          this.events.onSent(sent);
          this.update(settle(this.stored(), item.key));
        } catch (error) {
          if (shouldRetry(error)) {
            this.failures += 1;
            const asked = isApiError(error) ? error.retryAfterMs : undefined;
            this.timer = setTimeout(() => void this.flush(), retryDelayMs(this.failures, asked));
            return;
          }
          this.update(settle(this.stored(), item.key));
          this.events.onRefused(item, error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}

/** The session's outbox: what is waiting to be sent, and `record` to add an answer or finding. */
export function useSessionOutbox(observationId: number, events: OutboxEvents) {
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  const [sender] = useState(
    () =>
      new OutboxSender(observationId, {
        onSent: (sent) => latest.current.onSent(sent),
        onRefused: (item, error) => latest.current.onRefused(item, error),
      }),
  );
  useEffect(() => {
    sender.start();
    window.addEventListener('online', sender.start);
    window.addEventListener('storage', sender.otherTabWrote);
    return () => {
      window.removeEventListener('online', sender.start);
      window.removeEventListener('storage', sender.otherTabWrote);
      sender.stop();
    };
  }, [sender]);
  // The same snapshot when rendered without a browser (the pages' markup tests).
  const items = useSyncExternalStore(sender.subscribe, sender.snapshot, sender.snapshot);
  const saved = useSyncExternalStore(sender.subscribe, sender.savedOnDevice, sender.savedOnDevice);
  // Nothing waiting, nothing to lose: the warning is for answers only this page holds.
  return { items, record: sender.record, onlyOnThisPage: !saved && items.length > 0 };
}

export type SessionOutbox = ReturnType<typeof useSessionOutbox>;
