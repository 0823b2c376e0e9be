import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import {
  type ScimCaller,
  SCIM_CONTENT_TYPE,
  type ScimRouteContract,
  scimRoutes,
  scimRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { unknownScimEndpoint } from './scim-error.filter.js';
import { isScimPath, type ScimRequest } from './scim-request.js';

export const SCIM_TOKEN_REQUIRED =
  'A valid SCIM bearer token is required (Authorization: Bearer <token>).';

const BODY_TYPES = new Set([SCIM_CONTENT_TYPE, 'application/json']);

/** The paths of proto's SCIM table: any other under /scim/v2 is unknown, whichever route took it. */
const SCIM_PATHS = new Set((Object.values(scimRoutes) as ScimRouteContract[]).map((r) => r.path));

/**
 * Every SCIM request: a live token of an organization in `Authorization: Bearer`, within the
 * token's rate, with a SCIM or JSON body. No cookie is read, so a browser's session never
 * counts here (and a page of another site has no token to borrow). The token is checked before
 * the body is read (`registerScimAuthentication`), the rate and the body's type by the route.
 */
@Injectable()
export class ScimGuard implements CanActivate {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TokenRateLimiter) private readonly limiter: TokenRateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The token's organization, kept on the request, or 401 (SCIM_TOKEN_REQUIRED). */
  async authenticate(request: ScimRequest): Promise<ScimCaller> {
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!secret) throw new HttpException(SCIM_TOKEN_REQUIRED, HttpStatus.UNAUTHORIZED);
    const { caller } = await this.rpc.call(scimRpc.resolveToken, { secret });
    if (!caller) throw new HttpException(SCIM_TOKEN_REQUIRED, HttpStatus.UNAUTHORIZED);
    request.scimCaller = caller;
    return caller;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ScimRequest>();
    const caller = request.scimCaller ?? (await this.authenticate(request));
    const retryAfter = await this.limiter.retryAfter(
      'scim',
      caller.tokenId,
      this.config.SCIM_MAX_REQUESTS_PER_MINUTE,
    );
    if (retryAfter !== null) {
      throw new HttpException(
        {
          message: `Too many SCIM requests with this token. Please retry in ${retryAfter} seconds.`,
          scimType: 'tooMany',
          retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    refuseOtherBodyTypes(request);
    return true;
  }
}

/**
 * Decides a SCIM request's token before fastify reads its body (and before a path no SCIM route
 * declares is refused): without a live token a request is answered 401, whatever its body, its
 * size or its content type, and says nothing of which paths exist. A path of /scim/v2 that the
 * SCIM table does not declare is then 404, in SCIM's schema, even where another route (the web
 * app's page for any GET) would take it. Whether a request is SCIM's is decided on its path as
 * the router reads it (isScimPath: decoded, so /%73cim/v2/Users is /scim/v2/Users), never on the
 * target as written, so that no request the router gives a SCIM route passes unauthenticated to
 * its body. Errors thrown here reach ApplicationErrorFilter.
 */
export function registerScimAuthentication(fastify: FastifyInstance, guard: ScimGuard): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (!isScimPath(request.url)) return payload;
    await guard.authenticate(request as ScimRequest);
    if (!SCIM_PATHS.has(request.routeOptions.url ?? '')) {
      throw new NotFoundException(unknownScimEndpoint(request.method, request.url));
    }
    return payload;
  });
}

function refuseOtherBodyTypes(request: ScimRequest): void {
  const declared = request.headers['content-type'];
  if (declared === undefined || ['GET', 'DELETE'].includes(request.method)) return;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (!BODY_TYPES.has(type)) {
    throw new HttpException(
      `This request must be sent as ${SCIM_CONTENT_TYPE}.`,
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    );
  }
}
