import { parentPort, threadId } from 'node:worker_threads';

/** What the pool test asks of its thread. */
export type PoolTestInput = { echo: number } | { stall: true } | { exit: number };

// Answers with its thread's id, so a test can tell a reused thread from a new one.
parentPort!.on('message', (input: PoolTestInput) => {
  if ('stall' in input) for (;;);
  if ('exit' in input) process.exit(input.exit);
  parentPort!.postMessage({ type: 'result', result: { echo: input.echo, thread: threadId } });
});
