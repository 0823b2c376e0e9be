import { ForbiddenException } from '@nestjs/common';
import { type Actor, apiTokensRpc, identityRpc, ORGANIZATION_ADMINS } from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { bearerSecret } from '../api-tokens/bearer.js';
import type { GuardedRequest } from '../http/request-context.js';

/** Between two checks before files (before every batch of records, always). */
const FILE_CHECK_EVERY_MS = 2000;

export const EXPORT_REQUESTER_CHANGED =
  'The export stopped: who asked for it is no longer an administrator of this organization.';

/** The credential the guard let the export's request in with, to ask about again. */
type Credential = { session: string } | { apiToken: string };

function credentialOf(request: GuardedRequest): Credential | null {
  const bearer = bearerSecret(request);
  if (bearer !== undefined) return { apiToken: bearer.slice(0, 200) };
  return request.sessionToken ? { session: request.sessionToken } : null;
}

/**
 * Who the credential names now, asked of identity itself rather than the session cache: an
 * export runs for minutes, and a cached answer could let it outlive a demotion by the cache's
 * lifetime. null once the session ended or the token was revoked (or its creator demoted).
 */
async function currentActor(rpc: RpcClient, credential: Credential): Promise<Actor | null> {
  if ('session' in credential) {
    const { session } = await rpc.call(identityRpc.resolveSession, { token: credential.session });
    return session?.actor ?? null;
  }
  const { caller } = await rpc.call(apiTokensRpc.resolve, { secret: credential.apiToken });
  return (
    caller && { userId: caller.userId, organizationId: caller.organizationId, role: caller.role }
  );
}

const samePerson = (now: Actor | null, then: Actor) =>
  now !== null &&
  now.userId === then.userId &&
  now.organizationId === then.organizationId &&
  now.role === then.role &&
  ORGANIZATION_ADMINS.includes(now.role);

/**
 * A check to run before each batch and each file of an export: it throws, ending the download,
 * once the requester's credential no longer names the person, organization and role the guard
 * admitted. The services check only the actor the gateway sends them, which was captured once
 * when the download began, so without this an export would stream to a demoted administrator.
 */
export function requesterCheck(
  rpc: RpcClient,
  request: GuardedRequest,
  actor: Actor,
): (before?: 'batch' | 'file') => Promise<void> {
  const credential = credentialOf(request);
  let checkedAt = 0;
  return async (before = 'batch') => {
    // Files come by the thousand, each mostly one read: asked about at most every few seconds.
    if (before === 'file' && Date.now() - checkedAt < FILE_CHECK_EVERY_MS) return;
    checkedAt = Date.now();
    let now: Actor | null;
    try {
      now = credential && (await currentActor(rpc, credential));
    } catch (error) {
      // Identity away for a moment (a deploy) is no answer: the next check asks again.
      if (error instanceof RpcCallError && error.failure.kind === 'unavailable') return;
      throw error;
    }
    if (!samePerson(now, actor)) throw new ForbiddenException(EXPORT_REQUESTER_CHANGED);
  };
}
