// What every process of the product runs on (configuration, lifecycle, logging, tracing, metrics,
// Redis, queues, object storage, heartbeat), without what only services use (NestJS, TypeORM, the
// RPC server, mail): a worker that loaded the services' kit loaded all of that at start and never
// used it, about 25 MB of heap in every worker process.
export * from './config/config.js';
export * from './redis/redis.js';
export * from './redis/redis-liveness.js';
export * from './queues/queues.js';
export * from './queues/queue-stats.js';
export * from './queues/fair-queue.js';
export * from './queues/active-jobs.js';
export * from './lifecycle/process-lifecycle.js';
export * from './lifecycle/idle-memory.js';
export * from './lifecycle/schemas-set-aside.js';
export * from './metrics/metrics.js';
export * from './health/heartbeat.js';
export * from './storage/object-storage.js';
export * from './storage/storage-keys.js';
export * from './storage/content-types.js';
export * from './storage/local-disk-storage.js';
export * from './storage/s3-storage.js';
export * from './storage/open-storage.js';
export * from './storage/backup-hold.js';
export * from './storage/storage-fault.js';
export * from './tracing/trace-context.js';
export * from './tracing/tracing.js';
export * from './logging/logger.js';
export * from './failures/failure-causes.js';
export * from './release/product-version.js';
