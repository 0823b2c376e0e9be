import { describe, expect, it } from 'vitest';
import {
  type DeliveryJobs,
  JOB_LOST,
  recoveryAgeMs,
  WebhookDeliveryRecovery,
} from './webhook-delivery-recovery.js';

type State = Awaited<ReturnType<DeliveryJobs['getJobState']>>;

/**
 * Deliveries pending for long (id -> their job's state in the queue), a repository answering
 * them a batch at a time after an id, and noting which it was asked to fail.
 */
function pending(states: Record<number, State | Error>) {
  const failed: [number, number, string][] = [];
  const asked: [number, number, number][] = [];
  const stillPending = new Set(Object.keys(states).map(Number));
  const repository = {
    longPending: async (olderThanMs: number, after: number, limit: number) => {
      asked.push([olderThanMs, after, limit]);
      return [...stillPending]
        .filter((id) => id > after)
        .sort((a, b) => a - b)
        .slice(0, limit)
        .map((id) => ({ id, organization_id: 7, round: 2 }));
    },
    markFailed: async (id: number, round: number, error: string) => {
      failed.push([id, round, error]);
      return stillPending.delete(id);
    },
  };
  const queue = {
    getJobState: async (jobId: string) => {
      const id = Number(/^webhook-delivery-(\d+)-round-2$/.exec(jobId)?.[1]);
      const state = states[id];
      if (state instanceof Error) throw state;
      return state ?? 'unknown';
    },
  };
  return { repository, queue, failed, asked };
}

describe('WebhookDeliveryRecovery', () => {
  it('fails a long-pending delivery whose job is gone or ended, never one a job still works', async () => {
    const { repository, queue, failed } = pending({
      1: 'unknown',
      2: 'active',
      3: 'waiting',
      4: 'delayed',
      5: 'prioritized',
      6: 'waiting-children',
      7: 'failed',
      8: 'completed',
    });
    const recovery = new WebhookDeliveryRecovery(repository, queue, 3_600_000, 3);
    expect(await recovery.sweep()).toBe(3);
    expect(failed).toEqual([
      [1, 2, JOB_LOST],
      [7, 2, JOB_LOST],
      [8, 2, JOB_LOST],
    ]);
  });

  it('reads batch after batch by id, with the age it was given, until one comes back short', async () => {
    const { repository, queue, asked } = pending({ 1: 'active', 2: 'active', 3: 'unknown' });
    const recovery = new WebhookDeliveryRecovery(repository, queue, 5000, 2);
    expect(await recovery.sweep()).toBe(1);
    expect(asked).toEqual([
      [5000, 0, 2],
      [5000, 2, 2],
    ]);
  });

  it('is idempotent: a second sweep finds nothing more to fail', async () => {
    const { repository, queue } = pending({ 1: 'unknown', 2: 'delayed' });
    const recovery = new WebhookDeliveryRecovery(repository, queue, 5000);
    expect(await recovery.sweep()).toBe(1);
    expect(await recovery.sweep()).toBe(0);
  });

  it('fails nothing when the queue cannot be read (logged, not thrown)', async () => {
    const { repository, queue, failed } = pending({ 1: new Error('Redis away'), 2: 'unknown' });
    const recovery = new WebhookDeliveryRecovery(repository, queue, 5000);
    expect(await recovery.sweep()).toBe(0);
    expect(failed).toEqual([]);
  });

  it('waits past the last retry of the longest schedule, and an hour more', () => {
    // 11 attempts, 90 s doubling: 90 s × (2^10 − 1) of delays, 10 s an attempt, one hour.
    const age = recoveryAgeMs({ WEBHOOK_RETRY_BASE_MS: 90_000, WEBHOOK_TIMEOUT_MS: 10_000 });
    expect(age).toBe(90_000 * 1023 + 11 * 10_000 + 3_600_000);
    expect(age / 3_600_000).toBeGreaterThan(26);
  });
});
