import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { BaseEnv } from '../config/config.js';
import { RedisStreamsServer } from './rpc-server.js';

/** Starts a service's Nest module answering its RPC stream; quieter under test. */
export async function listenForRpc(
  service: string,
  module: DynamicModule,
  config: Pick<BaseEnv, 'REDIS_URL' | 'REDIS_PREFIX' | 'NODE_ENV'>,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new RedisStreamsServer({
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      service,
    }),
    logger: config.NODE_ENV === 'test' ? ['error', 'warn'] : ['error', 'warn', 'log'],
  });
  await app.listen();
  return app;
}
