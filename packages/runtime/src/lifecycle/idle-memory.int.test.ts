import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const RUNTIME = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/**
 * A process run by runProcess (the built runtime, as the launcher runs it) that works for a
 * while after its start, then does nothing: it prints its V8 heap's committed size each 500 ms.
 */
const PROGRAM = `
import { runProcess } from ${JSON.stringify(RUNTIME)};
await runProcess('idle-memory-test', async () => undefined);
// The work in a task of the event loop: its utilization counts nothing before the loop starts.
setTimeout(() => {
  let kept = [];
  const until = Date.now() + 1500;
  while (Date.now() < until) {
    kept = Array.from({ length: 20000 }, (_, index) => ({ index, text: 'row ' + index }));
  }
  console.log(JSON.stringify({ busy: process.memoryUsage().heapTotal, kept: kept.length }));
  setInterval(() => console.log(JSON.stringify({ idle: process.memoryUsage().heapTotal })), 500);
}, 100);
`;

it('a process run by runProcess gives its heap back once idle after work', async () => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROGRAM], {
    env: { ...process.env, LOG_LEVEL: 'warn', RELEASE_MEMORY_WHEN_IDLE: 'on' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let busy = 0;
    let smallest = Infinity;
    for await (const line of createInterface({ input: child.stdout })) {
      if (!line.startsWith('{')) continue;
      const sample = JSON.parse(line) as { busy?: number; idle?: number };
      if (sample.busy) busy = sample.busy;
      if (sample.idle) smallest = Math.min(smallest, sample.idle);
      // Given back: under a third of the busy size, one reducing GC ~10 s after the work (a
      // regular collection leaves ~70 %).
      if (busy > 0 && smallest < busy * 0.3) break;
    }
    expect(busy).toBeGreaterThan(0);
    expect(smallest).toBeLessThan(busy * 0.3);
  } finally {
    child.kill();
  }
}, 60_000);
