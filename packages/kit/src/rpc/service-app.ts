import {
  type ArgumentsHost,
  Catch,
  type DynamicModule,
  type INestMicroservice,
  Logger,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import { type Observable, throwError } from 'rxjs';
import type { BaseEnv } from '@hub/runtime';
import { PinoNestLogger } from '../logging/nest-logger.js';
import { outageFailure } from './outage.js';
import { RedisStreamsServer } from './rpc-server.js';

/**
 * Nest's own filter turns every error that is not an RpcException into "Internal server
 * error"; an error that says the database cannot be reached becomes `unavailable` (503) first.
 */
@Catch()
class OutageFilter extends BaseRpcExceptionFilter {
  private readonly logger = new Logger('Outage');
  private lastWarnedAt = 0;

  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    const failure = outageFailure(exception);
    if (!failure) return super.catch(exception, host);
    // One line every few seconds while it lasts, not one per request.
    if (Date.now() - this.lastWarnedAt > 5_000) {
      this.lastWarnedAt = Date.now();
      this.logger.warn(`answering unavailable: ${String(exception)}`);
    }
    return throwError(() => failure);
  }
}

/** Starts a service's Nest module answering its RPC stream, logging through pino. */
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
    // Through the process's pino logger; Nest's own lines quieter under test, as before.
    logger: new PinoNestLogger(),
  });
  app.useGlobalFilters(new OutageFilter());
  await app.listen();
  return app;
}
