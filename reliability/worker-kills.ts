import { Redis } from 'ioredis';
import { waitFor } from '../e2e/records.js';
import type { LaunchedStack } from './launched-stack.js';

/**
 * kill -9 of a worker in the middle of a job, as the kernel's OOM killer does it. "In the middle"
 * is read from BullMQ's own state: the job is in its queue's active list when the worker is
 * killed, and still there once the worker is gone (so the dead worker never finished it).
 */

export type WorkerName = 'pdf-worker' | 'quiz-worker' | 'video-worker';

export interface KillKind {
  worker: WorkerName;
  /** The BullMQ queue whose jobs are killed. */
  queue: string;
  /** Makes the next job of that queue (an upload, a regeneration, an analysis). */
  feed(trial: number): Promise<void>;
}

export interface KillReport {
  worker: WorkerName;
  /** Kills that landed while a job was running. */
  midJob: number;
  /** Kills after the job had just finished (not counted as trials; the job is simply done). */
  missed: number;
  /** Seconds from the kill until the launcher had the worker running again, per kill. */
  restartSeconds: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process still runs. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The active list of a queue, as BullMQ keys it under the product's Redis prefix. */
const activeKey = (prefix: string, queue: string) => `${prefix}bull:${queue}:active`;
/** A job's own hash. */
const jobKey = (prefix: string, queue: string, id: string) => `${prefix}bull:${queue}:${id}`;

async function nextActiveJob(
  redis: Redis,
  key: string,
  ignored: Set<string>,
  timeoutMs = 180_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ids = await redis.lrange(key, 0, -1);
    const fresh = ids.find((id) => !ignored.has(id));
    if (fresh) return fresh;
    // Polled often: a short job must still be caught running.
    await sleep(10);
  }
  throw new Error(`no job became active in ${key} within ${timeoutMs} ms`);
}

/**
 * Waits until the job has ended (BullMQ sets `finishedOn` on completion and on failure). The next
 * trial's kill must not land on this job's run again: a worker with two jobs at once (the PDF
 * worker's one per core) was killed while it ran the killed job again, on a slow machine, and a
 * job its worker died on twice is failed as hostile by design.
 */
const jobEnded = (redis: Redis, key: string) =>
  waitFor(async () => (await redis.hget(key, 'finishedOn')) !== null, 180_000);

/** Kills `kind.worker` in the middle of `trials` jobs, one job at a time. */
export async function killTrials(
  stack: LaunchedStack,
  kind: KillKind,
  trials: number,
): Promise<KillReport> {
  const redis = new Redis(stack.env.REDIS_URL!);
  const key = activeKey(stack.env.REDIS_PREFIX!, kind.queue);
  const report: KillReport = { worker: kind.worker, midJob: 0, missed: 0, restartSeconds: [] };
  const seen = new Set<string>();
  const kills: number[] = [];
  try {
    while (report.midJob < trials) {
      if (report.missed > trials * 3) {
        throw new Error(`${kind.worker}: ${report.missed} kills came after the job had ended`);
      }
      await kind.feed(report.midJob + report.missed + 1);
      const jobId = await nextActiveJob(redis, key, seen);
      seen.add(jobId);
      const pid = stack.pids.get(kind.worker)!;
      process.kill(pid, 'SIGKILL');
      const killedAt = Date.now();
      kills.push(killedAt);
      while (alive(pid)) await sleep(10);
      // A command the worker had already sent may still land: give Redis a moment.
      await sleep(200);
      if ((await redis.lrange(key, 0, -1)).includes(jobId)) report.midJob += 1;
      else report.missed += 1;
      await stack.restarted(kind.worker, kills.length);
      report.restartSeconds.push((Date.now() - killedAt) / 1000);
      await jobEnded(redis, jobKey(stack.env.REDIS_PREFIX!, kind.queue, jobId));
    }
  } finally {
    redis.disconnect();
  }
  return report;
}
