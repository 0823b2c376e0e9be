import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Worker } from 'bullmq';
import {
  EventBus,
  type EventSubscription,
  listenForRpc,
  type ObjectStorage,
  openQueue,
  openStorage,
  RpcClient,
  startWorker,
} from '@hub/kit';
import { QUEUE_CONTRACTS } from '@hub/proto';
import { AssignmentsRepository } from './assignments/assignments.repository.js';
import type { IntegrationConfig } from './config.js';
import { openIntegrationDatabase } from './database.js';
import { Credentials } from './integrations/credentials.js';
import { IntegrationsService } from './integrations/integrations.service.js';
import { IntegrationModule } from './integration.module.js';
import { MemberSuspensionsReconciliation } from './floor/member-suspensions-reconciliation.js';
import { MemberSuspensionsRepository } from './floor/member-suspensions.repository.js';
import { PresenceRetention } from './floor/presence-retention.js';
import { OrganizationsRepository } from './organizations/organizations.repository.js';
import { CloudCameraProviders } from './provider/cloud-camera-provider.js';
import type { ResiliencePolicy } from './provider/resilience.js';
import { openSecretBox } from './secrets/secret-box.js';
import { startIntegrationInbox } from './snapshots/integration-inbox.js';
import { SnapshotRunsRepository } from './snapshots/snapshot-runs.repository.js';
import { SnapshotSchedules } from './snapshots/snapshot-schedules.js';
import { createSnapshotTaker, organizationSnapshotsPrefix } from './snapshots/snapshot-taker.js';

/** Tables holding an organization's rows (stations go with their areas too). */
export interface RunningIntegration {
  app: INestMicroservice;
  dataSource: DataSource;
  close(): Promise<void>;
}

export const providerPolicy = (config: IntegrationConfig): ResiliencePolicy => ({
  timeoutMs: config.PROVIDER_TIMEOUT_MS,
  maxAttempts: config.PROVIDER_MAX_ATTEMPTS,
  backoffMs: config.PROVIDER_BACKOFF_MS,
  maxRetryAfterMs: config.PROVIDER_MAX_RETRY_AFTER_MS,
  breakerFailures: config.PROVIDER_BREAKER_FAILURES,
  breakerResetMs: config.PROVIDER_BREAKER_RESET_MS,
});

/** Migrates the integration schema, re-seals credentials under the current key, answers RPCs. */
export async function startIntegration(config: IntegrationConfig): Promise<RunningIntegration> {
  const secretBox = openSecretBox(config);
  const dataSource = await openIntegrationDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const providers = new CloudCameraProviders(providerPolicy(config));
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const snapshotQueue = openQueue(QUEUE_CONTRACTS.cameraSnapshots, connection);
  const identification = openQueue(QUEUE_CONTRACTS.snapshotIdentification, connection);
  const runs = new SnapshotRunsRepository(dataSource);
  const schedules = new SnapshotSchedules(snapshotQueue, runs);
  const storage = openStorage(config);
  const app = await listenForRpc(
    'integration',
    IntegrationModule.register({
      dataSource,
      rpc,
      secretBox,
      providers,
      floor: {
        presenceMinutes: config.FLOOR_PRESENCE_MINUTES,
        readingMaxAgeMinutes: config.FLOOR_READING_MAX_AGE_MINUTES,
        defaultRetentionDays: config.PRESENCE_RETENTION_DAYS,
      },
      schedules,
      storage,
    }),
    config,
  );
  await app.get(Credentials).resealAll();
  await schedules.resync();
  const workers: Worker[] = [
    startWorker(
      QUEUE_CONTRACTS.cameraSnapshots,
      connection,
      createSnapshotTaker({
        runs,
        integrations: app.get(IntegrationsService),
        storage,
        rpc,
        identification,
        schedules,
      }),
      { concurrency: config.SNAPSHOT_CONCURRENCY },
    ),
    startIntegrationInbox(connection, runs, storage),
  ];
  // A failed job is logged by the kit's startWorker, inside the job's span.
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  const subscription = handleIntegrationEvents(events, dataSource, storage);
  const retention = new PresenceRetention(
    dataSource,
    config.PRESENCE_RETENTION_DAYS,
    storage,
    config.SNAPSHOT_STALE_HOURS,
  );
  retention.start();
  // After subscribing: a suspension told both ways is recorded once (the upsert keeps the newer).
  const reconciliation = new MemberSuspensionsReconciliation(
    rpc,
    new MemberSuspensionsRepository(dataSource),
  );
  reconciliation.start();
  return {
    app,
    dataSource,
    async close() {
      // Not waited for: a sweep under way may be long, and one the closing database cuts short is
      // done again at the next start.
      void retention.stop();
      // Not waited for either: a call to an identity that is away may wait its whole timeout.
      void reconciliation.stop();
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([snapshotQueue.close(), identification.close()]);
      await subscription.close();
      await events.close();
      await app.close();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}

/**
 * A deleted organization's camera assignments, areas, stations, presence, readings and the
 * snapshot pictures it kept go; a deleted person's presence goes (where the cameras saw them is
 * theirs, and the floor would count them present), as does what identity said of their
 * suspension; a deleted document leaves the cameras it was tied to; a member's suspension or
 * restoration is recorded (the floor counts nobody suspended present, without asking identity).
 */
function handleIntegrationEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
): EventSubscription {
  const organizations = new OrganizationsRepository(db);
  const assignments = new AssignmentsRepository(db);
  const suspensions = new MemberSuspensionsRepository(db);
  return events.subscribe('integration', async (event) => {
    if (event.type === 'organization.deleted')
      await organizations.deleteIntegrationDataOf(event.organizationId, () =>
        storage.removePrefix(organizationSnapshotsPrefix(event.organizationId)),
      );
    else if (event.type === 'user.deleted') {
      await organizations.deletePresenceOf(event.organizationId, event.userId);
      await suspensions.forget(event.organizationId, event.userId);
    } else if (event.type === 'document.deleted')
      await assignments.removeSop(event.organizationId, event.documentId);
    else if (event.type === 'member.suspended' || event.type === 'member.restored')
      await suspensions.record(event);
  });
}
