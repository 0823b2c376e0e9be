import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
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
});
