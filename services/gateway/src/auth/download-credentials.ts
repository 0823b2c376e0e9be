import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import {
  type Actor,
  apiTokensRpc,
  identityRpc,
  NOT_PERMITTED,
  type RouteContract,
} from '@hub/proto';
import { RpcCallError, RpcClient } from '@hub/kit';
import { API_TOKEN_INVALID } from '../api-tokens/api-token-authenticator.js';
import { bearerSecret } from '../api-tokens/bearer.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import type { GuardedRequest } from '../http/request-context.js';
import { SIGN_IN_REQUIRED } from './route.guard.js';

/** The credential the guard let the download's request in with, to ask about again. */
type Credential = { session: string } | { apiToken: string };

function credentialOf(request: GuardedRequest): Credential | null {
  const bearer = bearerSecret(request);
  if (bearer !== undefined) return { apiToken: bearer.slice(0, 200) };
  return request.sessionToken ? { session: request.sessionToken } : null;
}

/**
 * A check to run before each part of a download: `'due'` (the default) asks once the interval
 * has passed since the last answer, `'now'` whatever the time. It throws, ending the download,
 * once the credential no longer holds.
 */
export type Admission = (when?: 'due' | 'now') => Promise<void>;

/**
 * Keeps a streamed download (a CSV, an organization's export: minutes) to the credential it
 * started with. The guard checks the session or API token once, before the first byte, and
 * the services check only the actor captured then; without this a download went on to its end
 * after the person signed out, their session was ended, the token revoked, or they were
 * demoted. Every download the gateway streams asks here: a CSV through `whileAdmitted`, the
 * export before each of its batches and files (`admission`).
 */
@Injectable()
export class DownloadCredentials {
  private readonly everyMs: number;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'CSV_CREDENTIAL_CHECK_SECONDS'>,
  ) {
    this.everyMs = config.CSV_CREDENTIAL_CHECK_SECONDS * 1000;
  }

  /**
   * The parts of `source`, each sent once the request's credential was found to hold within the
   * configured interval. Once it no longer does, the download throws: before any byte the client
   * gets the refusal's status, later the response is cut off (an incomplete file, never one that
   * looks whole), and `source` is ended (its producer stops).
   */
  async *whileAdmitted<T>(
    request: GuardedRequest,
    route: Pick<RouteContract, 'access'>,
    source: AsyncIterable<T>,
  ): AsyncGenerator<T> {
    const admit = this.admission(request, route);
    for await (const part of source) {
      await admit();
      yield part;
    }
  }

  /**
   * The check of one download, asking at most once every `everyMs` when due (the configured CSV
   * interval unless told). Refused with 401 once the session ended or the token was revoked,
   * 403 once the credential names another person, organization or role than the guard admitted:
   * what is still to come was read for that actor.
   */
  admission(
    request: GuardedRequest,
    route: Pick<RouteContract, 'access'>,
    everyMs = this.everyMs,
  ): Admission {
    const admitted = request.actor;
    if (route.access === 'public' || !admitted) return async () => undefined;
    const credential = credentialOf(request);
    // The guard has just asked.
    let checkedAt = Date.now();
    return async (when = 'due') => {
      if (when === 'due' && Date.now() - checkedAt < everyMs) return;
      await this.check(credential, admitted);
      checkedAt = Date.now();
    };
  }

  private async check(credential: Credential | null, admitted: Actor): Promise<void> {
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
    const same =
      now.userId === admitted.userId &&
      now.organizationId === admitted.organizationId &&
      now.role === admitted.role;
    if (!same) throw new ForbiddenException(NOT_PERMITTED);
  }

  /**
   * Who the credential names now, asked of identity itself rather than the guard's session
   * cache: a role changed without a revocation announced (by another path than the product's,
   * or a lost message) would stay cached for its lifetime, which a download of minutes outlives.
   * null once the session ended or the token was revoked, expired, or its creator demoted.
   */
  private async currentActor(credential: Credential): Promise<Actor | null> {
    if ('session' in credential) {
      const { session } = await this.rpc.call(identityRpc.resolveSession, {
        token: credential.session,
      });
      return session?.actor ?? null;
    }
    const { caller } = await this.rpc.call(apiTokensRpc.resolve, { secret: credential.apiToken });
    return (
      caller && { userId: caller.userId, organizationId: caller.organizationId, role: caller.role }
    );
  }
}
