import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  connectRedis,
  EventBus,
  Outbox,
  type Mailer,
  openQueue,
  openStorage,
  RpcClient,
  SmtpMailer,
  listenForRpc,
  startWorker,
} from '@hub/kit';
import { QUEUE_CONTRACTS } from '@hub/proto';
import { NotificationMailSender } from './notifications/notification-mail-sender.js';
import { handleNotificationRequests } from './notifications/notification-requests.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { interruptedImport, PeopleImportRunner } from './people-imports/people-import-runner.js';
import { PeopleImportsRepository } from './people-imports/people-imports.repository.js';
import { PeopleImportRecovery } from './people-imports/people-import-recovery.js';
import type { IdentityConfig } from './config.js';
import { openIdentityDatabase } from './database.js';
import { IdentityModule } from './identity.module.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { SessionRevocations } from './auth/session-revocations.js';
import { CurrentPasswordAttempts } from './auth/current-password-attempts.js';
import { handleIdentityEvents } from './organizations/organization-cleanup.js';
import { seedSuperAdmin, type SeedOutcome } from './super-admin/super-admin.seed.js';
import { NetworkGuard } from './webhooks/network-guard.js';
import { interruptedDelivery, WebhookDelivery } from './webhooks/webhook-delivery.js';
import { recoveryAgeMs, WebhookDeliveryRecovery } from './webhooks/webhook-delivery-recovery.js';
import { WebhookDeliveryRetention } from './webhooks/webhook-delivery-retention.js';
import { handleWebhookEvents } from './webhooks/webhook-events.js';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhooks/webhook-endpoints.repository.js';
import { WebhooksService } from './webhooks/webhooks.service.js';
import { openWebhookSecretBox } from './webhooks/webhook-secrets.js';

export interface RunningIdentity {
  app: INestMicroservice;
  seed: SeedOutcome;
  dataSource: DataSource;
  /** The imports whose job is gone, failed to resume (tests sweep it at will). */
  importRecovery: PeopleImportRecovery;
  close(): Promise<void>;
}

const openMailer = (config: IdentityConfig, dataSource: DataSource): Mailer =>
  config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(dataSource);

/** Migrates the identity schema, seeds the super administrator and starts answering RPCs. */
export async function startIdentity(config: IdentityConfig): Promise<RunningIdentity> {
  const storage = openStorage(config);
  const webhookSecrets = openWebhookSecretBox(config);
  const dataSource = await openIdentityDatabase(
    config.DATABASE_URL,
    webhookSecrets,
    config.DATABASE_POOL_SIZE,
  );
  const seed = await seedSuperAdmin(dataSource, config);
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  // Every event this service publishes goes through its outbox (written with the change).
  const outbox = new Outbox(dataSource, events);
  outbox.start();
  const publisher = connectRedis(config.REDIS_URL, 'identity-revocations');
  const revocations = new SessionRevocations(publisher, config.REDIS_PREFIX);
  const rpc = new RpcClient(config.REDIS_URL, config.REDIS_PREFIX);
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const peopleImportQueue = openQueue(QUEUE_CONTRACTS.peopleImport, connection);
  const webhookQueue = openQueue(QUEUE_CONTRACTS.webhookDelivery, connection);
  const networkGuard = new NetworkGuard(NetworkGuard.parseRanges(config.WEBHOOK_ALLOWED_NETWORKS));
  const ports = {
    dataSource,
    storage,
    mailer: openMailer(config, dataSource),
    events: outbox,
    revocations,
    passwordAttempts: new CurrentPasswordAttempts(publisher, config.REDIS_PREFIX),
    rpc,
    peopleImportQueue,
    webhookQueue,
    webhookSecrets,
    networkGuard,
  };
  const app = await listenForRpc('identity', IdentityModule.register(config, ports), config);
  const mailSender = app.get(NotificationMailSender);
  mailSender.start();
  const subscription = handleIdentityEvents(events, dataSource, storage);
  const notificationRequests = handleNotificationRequests(events, app.get(NotificationsService));
  const runner = app.get(PeopleImportRunner);
  // In-process, as observation runs its sweeps: the job writes identity's own tables. One whose
  // job stalled too often is failed, to resume.
  const peopleImportWorker = startWorker(
    QUEUE_CONTRACTS.peopleImport,
    connection,
    (job) => runner.run(job.data.importId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    { poison: interruptedImport(app.get(PeopleImportsRepository)) },
  );
  // The imports left under way by a job gone from the queue, failed to resume.
  const importRecovery = new PeopleImportRecovery(
    app.get(PeopleImportsRepository),
    peopleImportQueue,
  );
  importRecovery.start();
  const webhooks = app.get(WebhooksService);
  const webhookSubscription = handleWebhookEvents(events, webhooks);
  const webhookEndpoints = app.get(WebhookEndpointsRepository);
  const webhookDeliveries = app.get(WebhookDeliveriesRepository);
  const delivery = new WebhookDelivery(
    webhookDeliveries,
    webhookEndpoints,
    webhooks,
    networkGuard,
    config,
  );
  // In-process, as the people import: the job reads and writes identity's own tables. Several
  // at once, as most of a delivery is waiting for another system's answer. One whose job stalled
  // too often is failed, to replay.
  const webhookWorker = startWorker(
    QUEUE_CONTRACTS.webhookDelivery,
    connection,
    (job) => delivery.run(job),
    { concurrency: 8, poison: interruptedDelivery(webhookDeliveries) },
  );
  const deliveryRetention = new WebhookDeliveryRetention(
    webhookDeliveries,
    webhookEndpoints,
    config.WEBHOOK_DELIVERY_RETENTION_DAYS,
  );
  deliveryRetention.start();
  // The deliveries left pending by a job gone from the queue, failed to replay.
  const deliveryRecovery = new WebhookDeliveryRecovery(
    webhookDeliveries,
    webhookQueue,
    recoveryAgeMs(config),
  );
  deliveryRecovery.start();
  return {
    app,
    seed,
    dataSource,
    importRecovery,
    async close() {
      await peopleImportWorker.close();
      await importRecovery.stop();
      await peopleImportQueue.close();
      await webhookWorker.close();
      await deliveryRetention.stop();
      await deliveryRecovery.stop();
      await webhookQueue.close();
      await webhookSubscription.close();
      await subscription.close();
      await notificationRequests.close();
      await mailSender.stop();
      await app.close();
      await outbox.stop();
      await events.close();
      publisher.disconnect();
      await rpc.close();
      await dataSource.destroy();
    },
  };
}
