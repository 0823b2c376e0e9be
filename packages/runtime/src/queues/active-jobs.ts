import type { Job } from 'bullmq';

interface Running {
  job: Job;
  token: string | undefined;
}

/** The jobs this process is working on, so a shutdown past its grace can hand them back. */
const running = new Set<Running>();

export function trackJob<R>(
  job: Job,
  token: string | undefined,
  work: () => Promise<R>,
): Promise<R> {
  const entry = { job, token };
  running.add(entry);
  return work().finally(() => running.delete(entry));
}

/**
 * Moves every job still running here back to waiting (keeping its attempt count), so another
 * worker takes it at once instead of after the lock expires. Handlers are idempotent, so the
 * second run redoes what the interrupted one may have half done.
 */
export async function requeueActiveJobs(): Promise<number> {
  const entries = [...running];
  running.clear();
  const moved = await Promise.allSettled(entries.map(({ job, token }) => job.moveToWait(token)));
  return moved.filter((outcome) => outcome.status === 'fulfilled').length;
}
