import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RouteOptions } from 'fastify';
import {
  AbandonedUploadSweeper,
  BackupHoldSweeper,
  connectRedis,
  exposeBacklogMetrics,
  observeQueues,
  openStorage,
  PinoNestLogger,
  RedisLiveness,
  RpcClient,
  shutdownGraceMs,
  whenRedisReady,
} from '@hub/kit';
import { QUEUES } from '@hub/proto';
import type { GatewayConfig } from './config.js';
import { registerApiDocs } from './docs/docs.js';
import { GatewayModule } from './gateway.module.js';
import { registerHttpMetrics } from './http/http-metrics.js';
import { registerRelayedAnswers } from './http/relayed-answers.js';
import { registerRequestTracing } from './http/request-tracing.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerOutageGate } from './http/outage-gate.js';
import { trackUnusedConnections } from './http/unused-connections.js';
import { registerAuditTrail } from './audit/audit-trail.js';
import { registerScimAuditTrail } from './scim/scim-audit-trail.js';
import { registerScimBodies } from './scim/scim-bodies.js';
import { registerNoSessionForBearer } from './api-tokens/no-session-for-bearer.js';
import { registerWebApp } from './web-app/web-app.js';
import { SessionCache } from './auth/session-cache.js';
import { registerQueueDashboard } from './ops/queue-dashboard.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  /** Every route Fastify registered, for the test that checks each declares its access. */
  routes: { method: string; url: string }[];
  close(): Promise<void>;
}

export async function createGateway(config: GatewayConfig): Promise<RunningGateway> {
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX, config.RPC_TIMEOUT_MS);
  const redis = connectRedis(config.REDIS_URL, 'gateway', { failFast: true });
  const liveness = new RedisLiveness(config.REDIS_URL, 'gateway');
  // Nothing waits on a Redis that hangs: calls and commands in flight fail as an outage (503) at
  // once, and the connection waits out the hang in its ready check, which closes the gate.
  liveness.onHung(() => {
    rpc.abandonPending();
    redis.disconnect(true);
  });
  const storage = openStorage(config);
  const uploadSweeper = new AbandonedUploadSweeper(storage, config.S3_ABANDONED_UPLOAD_HOURS);
  const holdSweeper = new BackupHoldSweeper(storage);
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const queues = observeQueues(Object.values(QUEUES), connection);
  const stopBacklogMetrics = exposeBacklogMetrics({
    queues: queues.queues,
    redis,
    prefix: config.REDIS_PREFIX,
  });
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Signed file links carry their claims in the path.
    routerOptions: { maxParamLength: 2048 },
  });
  const routes: RunningGateway['routes'] = [];
  adapter.getInstance().addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.register(config, { rpc, redis, storage, queues }),
    adapter,
    // Fastify's own logger stays off (as before): requests are logged by request-tracing.ts.
    { logger: new PinoNestLogger() },
  );
  registerRelayedAnswers(app.getHttpAdapter().getInstance());
  registerHttpMetrics(app.getHttpAdapter().getInstance());
  registerRequestTracing(app.getHttpAdapter().getInstance());
  registerSecurityHeaders(app.getHttpAdapter().getInstance());
  registerOutageGate(app.getHttpAdapter().getInstance(), rpc, redis, liveness);
  registerAuditTrail(app.getHttpAdapter().getInstance(), rpc);
  registerScimAuditTrail(app.getHttpAdapter().getInstance(), rpc);
  registerScimBodies(app.getHttpAdapter().getInstance());
  await app.register(fastifyCookie);
  // After the cookie plugin, whose own onSend hook writes the cookies a handler set.
  registerNoSessionForBearer(app.getHttpAdapter().getInstance());
  // Limits per route are set where the file is read (UploadReceiver); this is the outer bound.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
  const fastify = app.getHttpAdapter().getInstance();
  const connections = trackUnusedConnections(fastify.server);
  await registerQueueDashboard(fastify, queues.queues, app.get(SessionCache));
  await registerApiDocs(fastify, process.env.npm_package_version ?? '0.1.0');
  await registerWebApp(fastify, config.SERVE_WEB ? config.WEB_DIST : null);
  // No enableShutdownHooks: main.ts's signal handler closes the gateway (requests in flight
  // first, then the connections) and Nest's own handler would race it.
  // Requests that arrive before the RPC connections are up would be refused as an outage.
  await Promise.all([rpc.whenConnected(5_000), whenRedisReady(redis, 5_000)]);
  await app.listen(config.PORT, config.HOST);
  uploadSweeper.start();
  holdSweeper.start();
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    routes,
    async close() {
      // Requests in flight (an upload included) get the shutdown grace to finish; new ones
      // answer 503; a client that never reads its answer cannot hold the shutdown open.
      const cutOff = setTimeout(() => fastify.server.closeAllConnections(), shutdownGraceMs());
      // Until the server has closed, the connections no request holds are ended as they become
      // so (trackUnusedConnections says why Node's own closing of idle ones is not enough).
      const unusedClosing = setInterval(() => connections.closeUnused(), 100);
      try {
        await app.close();
      } finally {
        clearTimeout(cutOff);
        clearInterval(unusedClosing);
      }
      // Not waited for: a sweep under way may be long, and one cut short is done again at the
      // next start.
      void uploadSweeper.stop();
      void holdSweeper.stop();
      stopBacklogMetrics();
      await queues.close();
      await rpc.close();
      liveness.close();
      redis.disconnect();
    },
  };
}
