// The waits and checks of the container smoke test (infra/containers/smoke.ts). Built-in
// modules only: Node runs it by stripping the types.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export type Json = Record<string, unknown>;

export const log = (line: string) => console.log(`[smoke] ${line}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`smoke test failed: ${message}`);
}

export async function waitUntil<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`smoke test failed: ${what} within ${timeoutMs} ms`);
    await sleep(1000);
  }
}

export async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '0.0.0.0', () => {
        const { port: got } = server.address() as { port: number };
        server.close(() => resolve(got));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred;
}
