import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { activeTraceIds, childScope, runInScope, type TraceIds } from '@hub/runtime';
import { Redis } from 'ioredis';
import { EventBus } from './event-bus.js';

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
