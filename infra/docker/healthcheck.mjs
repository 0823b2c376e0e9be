// Container health check of every process of the image (Docker HEALTHCHECK, compose, Kubernetes
// readiness): exits 0 when the process answers, 1 otherwise. What "answers" means follows the
// process's kind in infra/processes.json:
//   service  its `ping` RPC over Redis answers with its database up (a replica of the service,
//            not necessarily this container's: RPCs go to a consumer group);
//   worker   this container's own instance wrote its heartbeat within the stale limit
//            (instances are `hostname:pid`, and the hostname is the container's);
//   gateway  this container serves /api/docs/openapi.json (not /api/health, which answers 503
//            when another part is down: that is no reason to restart or unroute the gateway).
//
//   node infra/docker/healthcheck.mjs [NAME]
// Without NAME, the process is the one whose entry PID 1 runs (the container's CMD).
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { HEARTBEAT_STALE_MS, RpcClient, connectRedis } from '@hub/kit';
import * as proto from '@hub/proto';

/** @typedef {{ name: string, kind: 'service' | 'worker' | 'gateway', entry: string }} HubProcess */

/** @type {HubProcess[]} */
const PROCESSES = JSON.parse(readFileSync(new URL('../processes.json', import.meta.url), 'utf8'));
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = process.env.REDIS_PREFIX ?? 'hub:';

/** The process named on the command line, else the one PID 1 runs. */
function target() {
  const named = process.argv[2];
  if (named) return PROCESSES.find((p) => p.name === named);
  let pid1 = '';
  try {
    pid1 = readFileSync('/proc/1/cmdline', 'utf8');
  } catch {
    return undefined;
  }
  return PROCESSES.find((p) => pid1.split('\0').some((arg) => arg.endsWith(p.entry)));
}

/** @param {string} service */
async function servicePing(service) {
  /** @type {Record<string, unknown>} */
  const contracts = proto;
  const rpc = /** @type {{ ping?: Parameters<RpcClient['call']>[0] } | undefined} */ (
    contracts[`${service}Rpc`]
  );
  if (!rpc?.ping) throw new Error(`no ${service}Rpc.ping contract in @hub/proto`);
  const client = new RpcClient(redisUrl, prefix, 3000);
  try {
    const answer = /** @type {{ database?: { status?: string, error?: string } }} */ (
      await client.call(rpc.ping, {})
    );
    if (answer.database?.status !== 'up') {
      throw new Error(`database ${answer.database?.error ?? 'down'}`);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** @param {string} kind */
async function ownHeartbeat(kind) {
  const redis = connectRedis(redisUrl, `${kind}-healthcheck`);
  try {
    const since = Date.now() - HEARTBEAT_STALE_MS;
    const alive = await redis.zrangebyscore(`${prefix}heartbeats:${kind}`, since, '+inf');
    if (!alive.some((instance) => instance.startsWith(`${hostname()}:`))) {
      throw new Error(`no heartbeat from ${hostname()} within ${HEARTBEAT_STALE_MS / 1000} s`);
    }
  } finally {
    redis.disconnect();
  }
}

async function gatewayAnswers() {
  const port = process.env.PORT || '8080';
  const response = await fetch(`http://127.0.0.1:${port}/api/docs/openapi.json`, {
    signal: AbortSignal.timeout(3000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

const hub = target();
if (!hub) {
  console.error('usage: healthcheck.mjs [NAME] (a name of infra/processes.json)');
  process.exit(2);
}
try {
  if (hub.kind === 'service') await servicePing(hub.name);
  else if (hub.kind === 'worker') await ownHeartbeat(hub.name);
  else await gatewayAnswers();
  process.exit(0);
} catch (error) {
  console.error(`${hub.name}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
