import { type Actor, identityRpc, type Language } from '@hub/proto';
import type { RpcClient } from '@hub/kit';

/**
 * The language a file the gateway sends is written in: the reader's choice, else their
 * organization's default, else this browser's (identity decides, as for every text it writes).
 */
export async function readerLanguage(
  rpc: RpcClient,
  actor: Actor,
  acceptLanguage: string | undefined,
): Promise<Language> {
  const [reader] = await rpc.call(identityRpc.languagesOf, {
    userIds: [actor.userId],
    ...(acceptLanguage ? { acceptLanguage: acceptLanguage.slice(0, 512) } : {}),
  });
  return reader?.language ?? 'en';
}
