import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  FAILURE_STATUS,
  SCIM_CONTENT_TYPE,
  type ScimAnswer,
  scimError,
  type ScimErrorType,
} from '@hub/proto';
import { isRedisOutage, REDIS_UNAVAILABLE, RpcCallError } from '@hub/kit';
import { bodyOfHttpException } from '../http/error.filter.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/outage-gate.js';

/** Sends a SCIM answer as `application/scim+json`, with a Location for what it created. */
export function sendScim(reply: FastifyReply, answer: ScimAnswer): void {
  void reply.status(answer.status).header('content-type', `${SCIM_CONTENT_TYPE}; charset=utf-8`);
  const location = (answer.body as { meta?: { location?: unknown } } | null)?.meta?.location;
  if (answer.status === 201 && typeof location === 'string')
    void reply.header('location', location);
  void reply.send(answer.body === null ? undefined : JSON.stringify(answer.body));
}

/** Errors of the SCIM routes in SCIM's error schema (RFC 7644, 3.12), never the API's shape. */
@Catch()
export class ScimErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ScimErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { answer, retryAfter } = this.answerOf(error);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    if (answer.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
    sendScim(reply, answer);
  }

  private answerOf(error: unknown): { answer: ScimAnswer; retryAfter?: number } {
    if (error instanceof HttpException) {
      const raw = error.getResponse() as { scimType?: ScimErrorType; retryAfter?: number };
      const { message, statusCode } = bodyOfHttpException(error);
      const retryAfter = typeof raw === 'object' ? raw.retryAfter : undefined;
      const scimType = typeof raw === 'object' ? raw.scimType : undefined;
      return { answer: scimError(statusCode, message, scimType), retryAfter };
    }
    if (error instanceof RpcCallError) {
      const { kind, message } = error.failure;
      const retryAfter = kind === 'unavailable' ? OUTAGE_RETRY_AFTER_SECONDS : undefined;
      return { answer: scimError(FAILURE_STATUS[kind], message), retryAfter };
    }
    if (isRedisOutage(error)) {
      return {
        answer: scimError(503, REDIS_UNAVAILABLE),
        retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
      };
    }
    const status = (error as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const scimType = status === 400 ? 'invalidSyntax' : undefined;
      return { answer: scimError(status, (error as Error).message, scimType) };
    }
    this.logger.error(error);
    return { answer: scimError(500, 'Something went wrong on our side. Please try again.') };
  }
}
