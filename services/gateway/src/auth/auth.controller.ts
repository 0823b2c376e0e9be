import { Body, Controller, HttpCode, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api, identityRpc, type DomainParams, type LoginRequest } from '@hub/proto';
import { RpcCallError, RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

import { Endpoint } from '../http/endpoint.decorator.js';
import { clientOf, type GuardedRequest, SESSION_COOKIE } from '../http/request-context.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { endReplacedSession } from './replaced-session.js';
import { SessionCache } from './session-cache.js';

@Controller()
export class AuthController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(SessionCache) private readonly sessions: SessionCache,
  ) {}

  @Endpoint(api.login)
  @HttpCode(200)
  async login(
    @Body() body: LoginRequest,
    @Req() request: GuardedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const client = clientOf(request);
    await this.limiter.admit(body.email, client.ip);
    try {
      const { token, session, user } = await this.rpc.call(identityRpc.login, { ...body, client });
      await this.limiter.recordSuccess(body.email, client.ip);
      // A shared terminal's last user who never signed out, or a sign-in again.
      await endReplacedSession(this.rpc, this.sessions, request.sessionToken);
      // The audit trail names who signed in: the request had no actor before.
      request.actor = session.actor;
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.PUBLIC_URL.startsWith('https:'),
        path: '/',
        // Without Max-Age the browser drops the cookie when it closes: 'Remember me' off.
        ...(session.persistent
          ? { maxAge: Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000) }
          : {}),
      });
      return { message: 'Login successful', user };
    } catch (error) {
      if (error instanceof RpcCallError && error.failure.kind === 'unauthenticated') {
        await this.limiter.recordFailure(body.email, client.ip);
      }
      throw error;
    } finally {
      await this.limiter.release(body.email, client.ip);
    }
  }

  @Endpoint(api.logout)
  @HttpCode(200)
  async logout(@Req() request: GuardedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (request.sessionToken) {
      await this.rpc.call(identityRpc.logout, { token: request.sessionToken });
      this.sessions.forgetToken(request.sessionToken);
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been successfully logged out.' };
  }

  @Endpoint(api.organizationByDomain)
  organizationByDomain(@Param() params: DomainParams) {
    return this.rpc.relay(identityRpc.organizationByDomain, { domain: params.domain });
  }
}
