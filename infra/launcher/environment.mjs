// The environment npm start's launcher gives the product's processes: the one it was started
// with, and the defaults a single machine needs that it leaves out.

/** Set by the launcher's front process for the supervisor it starts (launcher.mjs). */
export const SUPERVISOR_FLAG = 'HUB_LAUNCHER_SUPERVISOR';

/**
 * A copy of `env` for the product's processes, with the launcher's defaults where `env` has none.
 * @param {NodeJS.ProcessEnv} env the launcher's own
 * @param {{ port: number, stdoutIsTTY: boolean }} at the gateway's port (PORT, 8080 by default),
 *   and whether the launcher's output ends on a terminal
 * @returns {NodeJS.ProcessEnv}
 */
export function productEnvironment(env, { port, stdoutIsTTY }) {
  const product = { ...env };
  delete product[SUPERVISOR_FLAG];
  // Two malloc arenas per process, as the Docker image sets: glibc's default of one per thread
  // (libuv's pool, argon2, V8's helpers) held tens of MiB per process that the bench showed
  // unused (bench/memory.mjs; docs/benchmarks.md, Memory).
  product.MALLOC_ARENA_MAX ??= '2';
  // The services' output goes through a pipe here: colours only when it ends on a terminal.
  if (!stdoutIsTTY) product.NO_COLOR ??= '1';
  product.PUBLIC_URL ||= `http://localhost:${port}`;
  // No WEBHOOK_ALLOWED_NETWORKS: webhooks to loopback and private addresses are refused here as
  // in production (a tenant's webhook could otherwise send requests to what listens on this
  // machine); one set in the environment (to try a receiver on this machine) is passed on.
  return product;
}
