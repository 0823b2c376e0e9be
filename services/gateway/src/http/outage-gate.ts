import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_UNAVAILABLE, redisIsReady, type RedisLiveness, type RpcClient } from '@hub/kit';
import type { ErrorBody } from '@hub/proto';

/** Seconds a client is asked to wait before trying again while Redis is away. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * API paths that work without Redis: the health report (it says what is down), the API docs
 * and signed file links (object storage only).
 */
const WITHOUT_REDIS = ['/api/health', '/api/docs', '/api/files/'];

const needsRedis = (url: string) =>
  url.startsWith('/api/') && !WITHOUT_REDIS.some((path) => url.startsWith(path));

/**
 * Every API call goes through Redis (RPC to the services, sessions, throttling): while it cannot
 * be reached the gateway answers 503 at once, with Retry-After and a message saying why,
 * instead of holding the request until a timeout. A Redis that hangs (connections open, no
 * answers) counts as away once a PING misses its deadline. ioredis reconnects by itself; the
 * gate opens again as soon as the connections are ready and Redis answers.
 */
export function registerOutageGate(
  fastify: FastifyInstance,
  rpc: RpcClient,
  redis: Redis,
  liveness: RedisLiveness,
): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!needsRedis(request.url)) return;
    if (rpc.connected && redisIsReady(redis) && liveness.answering) return;
    const body: ErrorBody = { message: REDIS_UNAVAILABLE, statusCode: 503 };
    return reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send(body);
  });
}
