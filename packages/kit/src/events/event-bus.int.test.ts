import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { activeTraceIds, childScope, runInScope, type TraceIds } from '@hub/runtime';
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
});
