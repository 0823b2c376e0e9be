import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { activeTraceIds, childScope, runInScope, type TraceIds } from '@hub/runtime';
import { Redis } from 'ioredis';
import { EventBus, type EventSubscription, readDeadLetter, readEventEntry } from './event-bus.js';

let resources: TestResources;
let bus: EventBus;

beforeAll(() => {
  resources = claimTestResources();
  bus = new EventBus(TEST_REDIS_URL, resources.redisPrefix);
});

afterAll(async () => {
  await bus?.close();
  await resources?.release();
});

describe('EventBus', () => {
  it('delivers every event to every service once, including events published before it subscribed', async () => {
    await bus.publish({ type: 'organization.deleted', organizationId: 1 });
    const seen: Record<string, DomainEvent[]> = { library: [], video: [] };
    const subscriptions = ['library', 'video'].map((service) =>
      bus.subscribe(service, async (event) => {
        seen[service]!.push(event);
      }),
    );
    await bus.publish({ type: 'user.deleted', userId: 5, organizationId: 1 });
    await expect.poll(() => seen.library!.length + seen.video!.length).toBe(4);
    expect(seen.library!.map((event) => event.type)).toEqual([
      'organization.deleted',
      'user.deleted',
    ]);
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  });

  it('keeps an event whose handler failed, so it is handled again', async () => {
    let attempts = 0;
    const subscription = bus.subscribe('flaky', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database unreachable');
    });
    await bus.publish({ type: 'organization.deleted', organizationId: 9 });
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(1);
    await subscription.close();
    const redis = (await import('ioredis')).Redis;
    const client = new redis(TEST_REDIS_URL);
    const pending = (await client.xpending(`${resources.redisPrefix}events`, 'flaky')) as [
      number,
      ...unknown[],
    ];
    client.disconnect();
    expect(pending[0]).toBeGreaterThan(0);
  });

  it('keeps a failing event pending, not a dead letter, while it is younger than a day', async () => {
    const handled: number[] = [];
    const subscription = bus.subscribe('patient', async (event) => {
      if (event.type !== 'organization.deleted') return;
      if (event.organizationId === 21) throw new Error('database unreachable');
      handled.push(event.organizationId);
    });
    const client = new Redis(TEST_REDIS_URL);
    try {
      await bus.publish({ type: 'organization.deleted', organizationId: 21 });
      await bus.publish({ type: 'organization.deleted', organizationId: 22 });
      // Entries are handled in order: once 22 is, 21's failure has been dealt with.
      await expect.poll(() => handled).toContain(22);
      await subscription.close();
      const [pending] = (await client.xpending(`${resources.redisPrefix}events`, 'patient')) as [
        number,
      ];
      expect(pending).toBe(1);
      expect(await client.xlen(`${resources.redisPrefix}events:dead`)).toBe(0);
    } finally {
      await subscription.close();
      client.disconnect();
    }
  });

  it("handles an event in its publisher's trace, each service under a span id of its own", async () => {
    const seen: Record<string, TraceIds | undefined> = {};
    const subscriptions = ['identity', 'library'].map((service) =>
      bus.subscribe(service, async (event) => {
        if (event.type === 'organization.deleted' && event.organizationId === 77)
          seen[service] = activeTraceIds();
      }),
    );
    const publisher = childScope(undefined);
    await runInScope(publisher, () =>
      bus.publish({ type: 'organization.deleted', organizationId: 77 }),
    );
    await expect.poll(() => Object.keys(seen).length).toBe(2);
    expect([seen.identity?.traceId, seen.library?.traceId]).toEqual([
      publisher.traceId,
      publisher.traceId,
    ]);
    const spanIds = [publisher.spanId, seen.identity?.spanId, seen.library?.spanId];
    expect(new Set(spanIds).size).toBe(3);
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  });

  it('keeps every entry a group has not handled, and drops those every group has', async () => {
    const prefix = `${resources.redisPrefix}trim:`;
    const bounded = new EventBus(TEST_REDIS_URL, prefix, { trimEvery: 5, maxEntries: 1000 });
    const client = new Redis(TEST_REDIS_URL);
    const key = `${prefix}events`;
    // A service far behind: its group exists and has read nothing.
    await client.xgroup('CREATE', key, 'behind', '0', 'MKSTREAM');
    const fast: DomainEvent[] = [];
    const behind: DomainEvent[] = [];
    const subscriptions = [bounded.subscribe('fast', async (event) => void fast.push(event))];
    try {
      for (let id = 1; id <= 12; id += 1)
        await bounded.publish({ type: 'organization.deleted', organizationId: id });
      await expect.poll(() => fast.length).toBe(12);
      expect(await bounded.trim()).toBe(0);
      expect(await client.xlen(key)).toBe(12);
      subscriptions.push(bounded.subscribe('behind', async (event) => void behind.push(event)));
      await expect.poll(() => behind.length).toBe(12);
      await bounded.trim();
      // The last entry handled stays: it marks where the groups are.
      expect(await client.xlen(key)).toBe(1);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      await bounded.close();
      client.disconnect();
    }
  });
});

describe('a group kept for before its reader starts (EventBus.keepFor)', () => {
  it('keeps what is published meanwhile through a trim, for the reader that joins later', async () => {
    const prefix = `${resources.redisPrefix}keep:`;
    const bounded = new EventBus(TEST_REDIS_URL, prefix, { trimEvery: 1000, maxEntries: 1000 });
    const early: DomainEvent[] = [];
    const late: DomainEvent[] = [];
    const subscriptions = [bounded.subscribe('early', async (event) => void early.push(event))];
    try {
      await bounded.keepFor('late');
      await bounded.keepFor('late');
      for (let id = 1; id <= 3; id += 1)
        await bounded.publish({ type: 'organization.deleted', organizationId: id });
      await expect.poll(() => early.length).toBe(3);
      await bounded.trim();
      subscriptions.push(bounded.subscribe('late', async (event) => void late.push(event)));
      await expect.poll(() => late.length).toBe(3);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      await bounded.close();
    }
  });
});

describe('EventBus with a poison event (one a handler always fails on)', () => {
  const POISON: DomainEvent = { type: 'organization.deleted', organizationId: 13 };
  const isPoison = (event: DomainEvent) =>
    event.type === 'organization.deleted' && event.organizationId === 13;
  let prefix: string;
  let poisoned: EventBus;
  let client: Redis;
  let healthy: DomainEvent[];
  const publisher = childScope(undefined);
  const subscriptions: EventSubscription[] = [];
  const events = () => client.xrange(`${prefix}events`, '-', '+');
  const deadLetters = () => client.xrange(`${prefix}events:dead`, '-', '+');

  /** A subscription of `service` that records what it handled; `fails` on the poison event. */
  function subscribe(service: string, fails: boolean): DomainEvent[] {
    const handled: DomainEvent[] = [];
    const subscription = poisoned.subscribe(service, async (event) => {
      if (fails && isPoison(event)) throw new Error('organization 13 not found');
      handled.push(event);
    });
    subscriptions.push(subscription);
    return handled;
  }

  async function closeSubscriptions(): Promise<void> {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
  }

  beforeAll(async () => {
    prefix = `${resources.redisPrefix}poison:`;
    // A dead letter at the first failure, rather than a day after the event's publication.
    poisoned = new EventBus(TEST_REDIS_URL, prefix, { deadLetterAfterMs: 0 });
    client = new Redis(TEST_REDIS_URL);
    healthy = subscribe('healthy', false);
    const failing = subscribe('failing', true);
    await poisoned.publish({ type: 'organization.deleted', organizationId: 12 });
    await runInScope(publisher, () => poisoned.publish(POISON));
    await poisoned.publish({ type: 'organization.deleted', organizationId: 14 });
    // expect.poll only runs inside a test.
    await vi.waitFor(
      async () => {
        expect([healthy.length, failing.length]).toEqual([3, 2]);
        expect(await deadLetters()).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  afterAll(async () => {
    await closeSubscriptions();
    await poisoned?.close();
    client?.disconnect();
  });

  it('sets it aside as a dead letter with its group, reason and trace, no longer pending', async () => {
    const letter = readDeadLetter((await deadLetters())[0]![1]);
    expect(letter).toMatchObject({
      group: 'failing',
      id: (await events())[1]![0],
      reason: 'Error: organization 13 not found',
    });
    expect(readEventEntry(letter.fields)).toEqual({
      event: POISON,
      trace: { traceparent: `00-${publisher.traceId}-${publisher.spanId}-00` },
    });
    const [pending] = (await client.xpending(`${prefix}events`, 'failing')) as [number];
    expect(pending).toBe(0);
  });

  it('is still handled once by a service whose handler succeeds', () => {
    expect(healthy.filter(isPoison)).toHaveLength(1);
  });

  it('no longer holds the stream: trim drops the entries every group is past', async () => {
    expect(await poisoned.trim()).toBe(2);
    // The last entry handled stays: it marks where the groups are.
    expect((await events()).map(([, fields]) => readEventEntry(fields).event)).toEqual([
      { type: 'organization.deleted', organizationId: 14 },
    ]);
  });

  it('is retried when its group subscribes again: kept while it fails, removed once handled', async () => {
    await closeSubscriptions();
    const deadId = (await deadLetters())[0]![0];
    const stillFailing = subscribe('failing', true);
    await poisoned.publish({ type: 'organization.deleted', organizationId: 15 });
    // Dead letters are tried before new events are read: once 15 is handled, 13 was tried.
    await expect.poll(() => stillFailing.length).toBe(1);
    expect((await deadLetters()).map(([id]) => id)).toEqual([deadId]);
    await closeSubscriptions();

    const fixed = subscribe('failing', false);
    await expect.poll(() => fixed.filter(isPoison)).toHaveLength(1);
    await expect.poll(() => deadLetters()).toEqual([]);
  });
});
