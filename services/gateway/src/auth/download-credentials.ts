import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { type Actor, apiTokensRpc, NOT_PERMITTED, type RouteContract } from '@hub/proto';
import { RpcCallError, RpcClient } from '@hub/kit';
import { API_TOKEN_INVALID } from '../api-tokens/api-token-authenticator.js';
import { bearerSecret } from '../api-tokens/bearer.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import type { GuardedRequest } from '../http/request-context.js';
import { SIGN_IN_REQUIRED } from './route.guard.js';
import { SessionCache } from './session-cache.js';

/** The credential the guard let the download's request in with, to ask about again. */
type Credential = { session: string } | { apiToken: string };

function credentialOf(request: GuardedRequest): Credential | null {
  const bearer = bearerSecret(request);
  if (bearer !== undefined) return { apiToken: bearer.slice(0, 200) };
  return request.sessionToken ? { session: request.sessionToken } : null;
}

/**
 * Keeps a streamed download (a CSV of minutes) to the credential it started with. The guard
 * checks the session or API token once, before the first byte; without this a download went on
 * to its end after the person signed out, their session was ended or the token revoked. Every
 * CSV the gateway streams goes through `whileAdmitted`.
 */
@Injectable()
export class DownloadCredentials {
  private readonly everyMs: number;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SessionCache) private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'CSV_CREDENTIAL_CHECK_SECONDS'>,
  ) {
    this.everyMs = config.CSV_CREDENTIAL_CHECK_SECONDS * 1000;
  }

  /**
   * The parts of `source`, each sent once the request's credential was found to hold within the
   * configured interval. Once it no longer does (or names someone else, or a role the route
   * does not admit), the download throws: before any byte the client gets the refusal's status,
   * later the response is cut off (an incomplete file, never one that looks whole), and `source`
   * is ended (its producer stops).
   */
  async *whileAdmitted<T>(
    request: GuardedRequest,
    route: Pick<RouteContract, 'access'>,
    source: AsyncIterable<T>,
  ): AsyncGenerator<T> {
    const admitted = request.actor;
    if (route.access === 'public' || !admitted) {
      yield* source;
      return;
    }
    const roles = route.access;
    const credential = credentialOf(request);
    // The guard has just asked.
    let checkedAt = Date.now();
    for await (const part of source) {
      if (Date.now() - checkedAt >= this.everyMs) {
        await this.check(credential, admitted, roles);
        checkedAt = Date.now();
      }
      yield part;
    }
  }

  private async check(
    credential: Credential | null,
    admitted: Actor,
    roles: readonly string[],
  ): Promise<void> {
    let now: Actor | null;
    try {
      now = credential && (await this.currentActor(credential));
    } catch (error) {
      // Identity away for a moment (a deploy) is no answer: the next check asks again.
      if (error instanceof RpcCallError && error.failure.kind === 'unavailable') return;
      throw error;
    }
    if (!now) {
      throw new UnauthorizedException(
        credential && 'apiToken' in credential ? API_TOKEN_INVALID : SIGN_IN_REQUIRED,
      );
    }
    const same = now.userId === admitted.userId && now.organizationId === admitted.organizationId;
    if (!same || !roles.includes(now.role)) throw new ForbiddenException(NOT_PERMITTED);
  }

  /**
   * Who the credential names now: a session through the guard's cache (a sign-out or an ended
   * session is dropped from it at once, on every gateway), a token from identity, as the guard
   * asks for each request. null once the session ended or the token was revoked or expired.
   */
  private async currentActor(credential: Credential): Promise<Actor | null> {
    if ('session' in credential) {
      return (await this.sessions.resolve(credential.session))?.actor ?? null;
    }
    const { caller } = await this.rpc.call(apiTokensRpc.resolve, { secret: credential.apiToken });
    return (
      caller && { userId: caller.userId, organizationId: caller.organizationId, role: caller.role }
    );
  }
}
