import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import { RedisStreamsServer } from '@hub/kit';
import type { IdentityConfig } from './config.js';
import { openIdentityDatabase } from './database.js';
import { IdentityModule } from './identity.module.js';
import { seedSuperAdmin, type SeedOutcome } from './super-admin/super-admin.seed.js';

export interface RunningIdentity {
  app: INestMicroservice;
  seed: SeedOutcome;
  close(): Promise<void>;
}

/** Migrates the identity schema, seeds the super administrator and starts answering RPCs. */
export async function startIdentity(config: IdentityConfig): Promise<RunningIdentity> {
  const dataSource = await openIdentityDatabase(config.DATABASE_URL);
  const seed = await seedSuperAdmin(dataSource, config);
  const app = await NestFactory.createMicroservice(IdentityModule.register(config, dataSource), {
    strategy: new RedisStreamsServer({
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      service: 'identity',
    }),
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : ['error', 'warn', 'log'],
  });
  await app.listen();
  return {
    app,
    seed,
    async close() {
      await app.close();
      await dataSource.destroy();
    },
  };
}
