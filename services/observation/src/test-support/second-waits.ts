import type { DataSource } from 'typeorm';

/** A statement and its parameters. */
export type Statement = [sql: string, params?: unknown[]];

/**
 * Runs `first` in a transaction, then `second` in another, which must wait for one of the
 * first's locks (seen in `pg_stat_activity`) before the first commits; then both commit. For
 * the kept tables' tests: two writers of the same rows are ordered, not interleaved.
 */
export async function secondWaitsForFirst(db: DataSource, first: Statement, second: Statement) {
  const [one, two] = [db.createQueryRunner(), db.createQueryRunner()];
  await one.startTransaction();
  await two.startTransaction();
  try {
    await one.query(...first);
    const [{ pid }] = (await two.query(`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
    const waiting = two.query(...second);
    await waitForLock(db, pid);
    await one.commitTransaction();
    await waiting;
    await two.commitTransaction();
  } finally {
    await Promise.all([one.release(), two.release()]);
  }
}

/** Until the backend `pid` waits for a lock (at most 15 s). */
async function waitForLock(db: DataSource, pid: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = (await db.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [
      pid,
    ])) as { wait_event_type: string | null }[];
    if (rows[0]?.wait_event_type === 'Lock') return;
    if (Date.now() > deadline) throw new Error(`the second transaction never waited for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
