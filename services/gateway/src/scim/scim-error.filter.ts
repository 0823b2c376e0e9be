import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FAILURE_STATUS,
  SCIM_CONTENT_TYPE,
  type ScimAnswer,
  scimError,
  type ScimErrorType,
} from '@hub/proto';
import { isRedisOutage, REDIS_UNAVAILABLE, RpcCallError } from '@hub/kit';
import { bodyOfHttpException, ErrorFilter } from '../http/error.filter.js';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/outage-gate.js';
import { isScimPath } from './scim-request.js';

/** What a body fastify's JSON parsers refused is answered with (SCIM `invalidSyntax`). */
export const UNREADABLE_SCIM_BODY =
  'The request body could not be read as JSON. Send the resource as a JSON object, as RFC 7643 describes.';

/**
 * What a body past the gateway's limit (`bodyLimit`, in bytes) is answered with (413). Only a
 * group's body grows with the organization (its members), so only there does it say how to split.
 */
export function scimBodyTooLarge(bodyLimit: number, routePath: string | undefined): string {
  const megabytes = Math.round((bodyLimit / (1024 * 1024)) * 10) / 10;
  const said = `The request body is larger than ${megabytes} MB, the most this service provider reads.`;
  return /\/Groups(\/|$)/.test(routePath ?? '')
    ? `${said} Send a large group's members in several PATCH requests.`
    : said;
}

/** What a path under /scim/v2 that no row of proto's SCIM table declares is answered with (404). */
export function unknownScimEndpoint(method: string, url: string): string {
  const path = url.split('?')[0]!;
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return `No SCIM endpoint answers ${method} ${shown}. This service provider serves /Users, /Groups, /ServiceProviderConfig, /ResourceTypes and /Schemas.`;
}

/** What /Me is answered with: 501, as RFC 7644 (3.11) asks of a provider without it. */
export const SCIM_ME_UNSUPPORTED =
  'This service provider does not support /Me: a token stands for an organization, not a person. Use /Users/{id}.';

/**
 * The codes of fastify's JSON parsers (SCIM's and `application/json`'s): a body that is not
 * JSON, an empty one, one with a `__proto__` key. Their words name `application/json` whatever
 * the request's content-type was.
 */
const UNREADABLE_BODY_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
]);

/** The code of fastify's refusal as it comes: Nest's adapter hands it on as an HttpException's cause. */
function fastifyCodeOf(error: unknown): string | undefined {
  const refused = error instanceof HttpException ? error.cause : error;
  const code = (refused as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const isUnreadableBody = (error: unknown) => UNREADABLE_BODY_CODES.has(fastifyCodeOf(error) ?? '');
const isTooLargeBody = (error: unknown) => fastifyCodeOf(error) === 'FST_ERR_CTP_BODY_TOO_LARGE';

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
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { answer, retryAfter } = this.answerOf(error, request);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    if (answer.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
    sendScim(reply, answer);
  }

  private answerOf(
    error: unknown,
    request: FastifyRequest,
  ): { answer: ScimAnswer; retryAfter?: number } {
    if (isUnreadableBody(error)) {
      return { answer: scimError(400, UNREADABLE_SCIM_BODY, 'invalidSyntax') };
    }
    if (isTooLargeBody(error)) {
      return {
        answer: scimError(
          413,
          scimBodyTooLarge(request.routeOptions.bodyLimit, request.routeOptions.url),
        ),
      };
    }
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

/**
 * The application's filter. What fails before a route's own filters run (the SCIM token and an
 * unknown path, refused before the body is read, see `registerScimAuthentication`; fastify's
 * refusal of the body) reaches only this one: on SCIM's paths it answers in SCIM's error schema,
 * as the SCIM routes' errors do, elsewhere in the API's shape.
 */
@Catch()
export class ApplicationErrorFilter implements ExceptionFilter {
  private readonly scim = new ScimErrorFilter();
  private readonly api = new ErrorFilter();

  catch(error: unknown, host: ArgumentsHost): void {
    const { url } = host.switchToHttp().getRequest<FastifyRequest>();
    (isScimPath(url) ? this.scim : this.api).catch(error, host);
  }
}
