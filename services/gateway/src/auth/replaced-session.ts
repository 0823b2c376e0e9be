import { identityRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { SessionCache } from './session-cache.js';

/**
 * Ends the session a browser held before someone else took it over (a sign-in, an invitation
 * accepted on a shared terminal), so that a copy of its cookie does not open that account until
 * it expires. Best effort: what replaced it stands either way.
 */
export async function endReplacedSession(
  rpc: RpcClient,
  sessions: SessionCache,
  previous: string | undefined,
): Promise<void> {
  if (!previous) return;
  sessions.forgetToken(previous);
  await rpc.call(identityRpc.logout, { token: previous }).catch(() => undefined);
}
