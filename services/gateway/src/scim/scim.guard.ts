import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import { SCIM_CONTENT_TYPE, scimRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import type { ScimRequest } from './scim-request.js';

export const SCIM_TOKEN_REQUIRED =
  'A valid SCIM bearer token is required (Authorization: Bearer <token>).';

const BODY_TYPES = new Set([SCIM_CONTENT_TYPE, 'application/json']);

/**
 * Every SCIM request: a live token of an organization in `Authorization: Bearer`, within the
 * token's rate, with a SCIM or JSON body. No cookie is read, so a browser's session never
 * counts here (and a page of another site has no token to borrow).
 */
@Injectable()
export class ScimGuard implements CanActivate {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TokenRateLimiter) private readonly limiter: TokenRateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ScimRequest>();
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!secret) throw new HttpException(SCIM_TOKEN_REQUIRED, HttpStatus.UNAUTHORIZED);
    const { caller } = await this.rpc.call(scimRpc.resolveToken, { secret });
    if (!caller) throw new HttpException(SCIM_TOKEN_REQUIRED, HttpStatus.UNAUTHORIZED);
    request.scimCaller = caller;
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
