import { z } from 'zod';
import { readConfig } from '../config/config.js';
import { requeueActiveJobs } from '../queues/active-jobs.js';

/**
 * How long a process may take, after SIGTERM, to finish what it has started. The default fits
 * Kubernetes' 30 s termination grace period with room for the exit itself.
 */
export const ShutdownEnv = z.object({
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
});

export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  return readConfig(ShutdownEnv, env).SHUTDOWN_GRACE_MS;
}

/**
 * On SIGTERM or SIGINT, `stop` drains the process (HTTP requests, RPCs and jobs in flight
 * finish; nothing new is taken) and the process exits 0. Past SHUTDOWN_GRACE_MS, the jobs still
 * running go back to their queues for another worker (or this one after its restart) and the
 * process exits 1, so a stuck job or client cannot hold a rolling restart.
 */
export function exitOnSignal(name: string, stop: () => Promise<void>): void {
  const graceMs = shutdownGraceMs();
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[${name}] ${signal}: finishing the work in flight (up to ${graceMs} ms)`);
    const cutOff = setTimeout(() => void giveUp(name), graceMs);
    stop().then(
      () => {
        clearTimeout(cutOff);
        console.log(`[${name}] stopped cleanly`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`[${name}] stopping failed:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function giveUp(name: string): Promise<void> {
  const requeued = await requeueActiveJobs().catch((error: unknown) => {
    console.error(`[${name}] returning running jobs to their queues failed:`, error);
    return 0;
  });
  console.error(
    `[${name}] the shutdown grace ran out; ${requeued} running job(s) went back to their queues`,
  );
  process.exit(1);
}
