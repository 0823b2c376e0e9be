import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  connectRedis,
  EventBus,
  type Mailer,
  openStorage,
  SmtpMailer,
  listenForRpc,
} from '@hub/kit';
import type { IdentityConfig } from './config.js';
import { openIdentityDatabase } from './database.js';
import { IdentityModule } from './identity.module.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { SessionRevocations } from './auth/session-revocations.js';
import { handleIdentityEvents } from './organizations/organization-cleanup.js';
import { seedSuperAdmin, type SeedOutcome } from './super-admin/super-admin.seed.js';

export interface RunningIdentity {
  app: INestMicroservice;
  seed: SeedOutcome;
  dataSource: DataSource;
  close(): Promise<void>;
}

const openMailer = (config: IdentityConfig, dataSource: DataSource): Mailer =>
  config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new OutboxMailer(dataSource);

/** Migrates the identity schema, seeds the super administrator and starts answering RPCs. */
export async function startIdentity(config: IdentityConfig): Promise<RunningIdentity> {
  const storage = openStorage(config);
  const dataSource = await openIdentityDatabase(config.DATABASE_URL);
  const seed = await seedSuperAdmin(dataSource, config);
  const events = new EventBus(config.REDIS_URL, config.REDIS_PREFIX);
  const publisher = connectRedis(config.REDIS_URL, 'identity-revocations');
  const revocations = new SessionRevocations(publisher, config.REDIS_PREFIX);
  const ports = {
    dataSource,
    storage,
    mailer: openMailer(config, dataSource),
    events,
    revocations,
  };
  const app = await listenForRpc('identity', IdentityModule.register(config, ports), config);
  const subscription = handleIdentityEvents(events, dataSource, storage);
  return {
    app,
    seed,
    dataSource,
    async close() {
      await subscription.close();
      await app.close();
      await events.close();
      publisher.disconnect();
      await dataSource.destroy();
    },
  };
}
