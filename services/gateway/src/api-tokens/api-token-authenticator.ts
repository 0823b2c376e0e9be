import {
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { apiTokensRpc, type RouteContract } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import type { GuardedRequest } from '../http/request-context.js';
import { TokenRateLimiter } from '../rate-limits/token-rate-limiter.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

export const API_TOKEN_INVALID =
  'This API token is not valid: it may be mistyped, expired or revoked.';
export const API_TOKEN_READ_ONLY = 'This API token may only read (GET requests).';
export const API_TOKEN_SESSION_ONLY =
  'This request needs a signed-in person; an API token cannot make it.';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Authenticates `Authorization: Bearer` on the route table's routes: the token's actor is its
 * creator in the token's organization with the token's role, checked against the route's
 * declared roles exactly as a session's actor is. A read-only token is refused every other
 * method; a route about a person's own session or credentials is refused to every token.
 * Identity is asked on every request, so a revoked or expired token is refused at once.
 */
@Injectable()
export class ApiTokenAuthenticator {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(TokenRateLimiter) private readonly limiter: TokenRateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async authorize(
    request: GuardedRequest,
    route: RouteContract,
    roles: readonly string[],
    secret: string,
  ): Promise<void> {
    if (!secret) throw new UnauthorizedException(API_TOKEN_INVALID);
    const { caller } = await this.rpc.call(apiTokensRpc.resolve, { secret: secret.slice(0, 200) });
    if (!caller) throw new UnauthorizedException(API_TOKEN_INVALID);
    // Kept before the checks so the audit trail names the token that was refused.
    request.apiToken = caller;
    const retryAfter = await this.limiter.retryAfter(
      'api-token',
      caller.tokenId,
      this.config.API_TOKEN_MAX_REQUESTS_PER_MINUTE,
    );
    if (retryAfter !== null) {
      throw new HttpException(
        {
          message: `Too many requests with this API token. Please retry in ${retryAfter} seconds.`,
          retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    if (route.sessionOnly) throw new ForbiddenException(API_TOKEN_SESSION_ONLY);
    if (caller.readOnly && !READ_METHODS.has(request.method)) {
      throw new ForbiddenException(API_TOKEN_READ_ONLY);
    }
    if (!roles.includes(caller.role)) {
      throw new ForbiddenException("This API token's role doesn't allow this request.");
    }
    request.actor = {
      userId: caller.userId,
      organizationId: caller.organizationId,
      role: caller.role,
    };
  }
}
