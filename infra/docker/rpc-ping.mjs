// Container health check of a service that has no HTTP port: sends its `ping` RPC over Redis
// (REDIS_URL / REDIS_PREFIX, as the service itself reads them) and exits 0 when it answers
// with its database up, 1 otherwise.
//
//   node infra/docker/rpc-ping.mjs identity
import { RpcClient } from '@hub/kit';
import * as proto from '@hub/proto';

const service = process.argv[2] ?? '';
/** @type {Record<string, unknown>} */
const contracts = proto;
const rpc = /** @type {{ ping?: Parameters<RpcClient['call']>[0] } | undefined} */ (
  contracts[`${service}Rpc`]
);
if (!rpc?.ping) {
  console.error(`usage: rpc-ping.mjs SERVICE (no ${service}Rpc.ping contract in @hub/proto)`);
  process.exit(2);
}

const client = new RpcClient(
  process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  process.env.REDIS_PREFIX ?? 'hub:',
  3000,
);
let healthy = false;
try {
  const answer = /** @type {{ database?: { status?: string, error?: string } }} */ (
    await client.call(rpc.ping, {})
  );
  healthy = answer.database?.status === 'up';
  if (!healthy) console.error(`${service}: database ${answer.database?.error ?? 'down'}`);
} catch (error) {
  console.error(`${service}: ${error instanceof Error ? error.message : error}`);
}
await client.close().catch(() => undefined);
process.exit(healthy ? 0 : 1);
