import { describe, expect, it } from 'vitest';
import { WebhookDeliveryRetention } from './webhook-delivery-retention.js';

/** A repository deleting `left` rows a batch at a time, noting each batch it was asked for. */
function rows(left: number) {
  const asked: [number, number][] = [];
  return {
    asked,
    clearExpiredSecrets: async () => 0,
    deleteFinished: async (days: number, limit: number) => {
      asked.push([days, limit]);
      const count = Math.min(left, limit);
      left -= count;
      return count;
    },
  };
}

describe('WebhookDeliveryRetention', () => {
  it('deletes batch after batch until one comes back short', async () => {
    const repository = rows(5);
    const retention = new WebhookDeliveryRetention(repository, repository, 30, 2);
    expect(await retention.sweep()).toBe(5);
    expect(repository.asked).toEqual([
      [30, 2],
      [30, 2],
      [30, 2],
    ]);
  });

  it('forgets expired previous secrets at every sweep, deleting deliveries even when that fails', async () => {
    const asked: string[] = [];
    const retention = new WebhookDeliveryRetention(
      {
        deleteFinished: async () => {
          asked.push('deliveries');
          return 1;
        },
      },
      {
        clearExpiredSecrets: async () => {
          asked.push('secrets');
          throw new Error('database away');
        },
      },
      30,
      2,
    );
    expect(await retention.sweep()).toBe(1);
    expect(asked).toEqual(['secrets', 'deliveries']);
  });

  it('runs one sweep at a time: a second call joins the first', async () => {
    const repository = rows(3);
    const retention = new WebhookDeliveryRetention(repository, repository, 30, 2);
    const [first, second] = await Promise.all([retention.sweep(), retention.sweep()]);
    expect([first, second]).toEqual([3, 3]);
    expect(repository.asked).toHaveLength(2);
  });

  it('answers what it deleted before a failure, which it logs rather than throws', async () => {
    let calls = 0;
    const retention = new WebhookDeliveryRetention(
      {
        deleteFinished: async () => {
          calls += 1;
          if (calls > 1) throw new Error('database away');
          return 2;
        },
      },
      { clearExpiredSecrets: async () => 0 },
      30,
      2,
    );
    expect(await retention.sweep()).toBe(2);
  });

  it('stops between batches once stopped', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const retention = new WebhookDeliveryRetention(
      {
        deleteFinished: async () => {
          calls += 1;
          await held;
          return 2;
        },
      },
      { clearExpiredSecrets: async () => 0 },
      30,
      2,
    );
    const sweeping = retention.sweep();
    const stopped = retention.stop();
    release();
    await stopped;
    expect(await sweeping).toBe(2);
    expect(calls).toBe(1);
  });
});
