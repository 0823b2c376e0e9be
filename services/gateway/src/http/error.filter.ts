import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ERROR_TEXTS, type ErrorBody, errorCodeOf, errorPartsOf, FAILURE_STATUS } from '@hub/proto';
import { isRedisOutage, isStorageFault, REDIS_UNAVAILABLE, RpcCallError } from '@hub/kit';
import { OUTAGE_RETRY_AFTER_SECONDS } from './outage-gate.js';

export function bodyOfHttpException(error: HttpException): ErrorBody {
  const status = error.getStatus();
  const answer = error.getResponse();
  if (typeof answer === 'string') return { message: answer, statusCode: status };
  const { message, field, code, params } = answer as Record<string, unknown>;
  const text = Array.isArray(message)
    ? message.join(', ')
    : typeof message === 'string'
      ? message
      : error.message;
  return {
    message: text,
    statusCode: status,
    ...(typeof field === 'string' ? { field } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(isParams(params) ? { params } : {}),
  };
}

function isParams(value: unknown): value is NonNullable<ErrorBody['params']> {
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every((part) => ['string', 'number'].includes(typeof part));
}

/**
 * The table's code for a message it knows, with the parts the service filled in as `params`,
 * else the code and params the thrower gave (a schema's rule).
 */
export function withCode(body: ErrorBody): ErrorBody {
  const known = errorCodeOf(body.message);
  if (!known) return body;
  const parts = errorPartsOf(body.message);
  return { ...body, code: known, ...(Object.keys(parts).length > 0 ? { params: parts } : {}) };
}

/** Throttling answers say how long to wait (seconds), in a header clients already understand. */
function retryAfterOf(error: unknown): number | undefined {
  if (isRedisOutage(error)) return OUTAGE_RETRY_AFTER_SECONDS;
  if (isStorageFault(error) && error.fault === 'unavailable') return OUTAGE_RETRY_AFTER_SECONDS;
  if (error instanceof RpcCallError && error.failure.kind === 'unavailable') {
    return OUTAGE_RETRY_AFTER_SECONDS;
  }
  if (!(error instanceof HttpException)) return undefined;
  const answer = error.getResponse();
  const value = typeof answer === 'object' ? (answer as { retryAfter?: unknown }).retryAfter : null;
  return typeof value === 'number' ? Math.max(1, Math.ceil(value)) : undefined;
}

/**
 * Every error leaves the API as `{ message, statusCode }`, the shape the web app reads, with the
 * message's stable `code` when proto's error table knows it (the web app shows its own text).
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');
  private storageWarnedAt = 0;

  private warnStorageFault(error: Error): void {
    if (Date.now() - this.storageWarnedAt < 5_000) return;
    this.storageWarnedAt = Date.now();
    this.logger.warn(`object store fault: ${String(error.cause ?? error)}`);
  }

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = withCode(this.toBody(error));
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).send(body);
  }

  private toBody(error: unknown): ErrorBody {
    if (error instanceof HttpException) return bodyOfHttpException(error);
    if (error instanceof RpcCallError) {
      const { kind, message, field } = error.failure;
      return { message, statusCode: FAILURE_STATUS[kind], ...(field ? { field } : {}) };
    }
    if (isRedisOutage(error)) return { message: REDIS_UNAVAILABLE, statusCode: 503 };
    // The object store away (503) or full (507): the message says which, and that nothing was
    // kept; warned once a while, not logged as a bug per request.
    if (isStorageFault(error)) {
      this.warnStorageFault(error);
      return {
        message: error.message,
        statusCode: FAILURE_STATUS[error.fault === 'full' ? 'storage_full' : 'unavailable'],
      };
    }
    const status = (error as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { message: (error as Error).message, statusCode: status };
    }
    this.logger.error(error);
    return { message: ERROR_TEXTS.internal, statusCode: 500 };
  }
}
