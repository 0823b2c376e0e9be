import { identityRpc, type RpcAnswer } from '@hub/proto';
import type { RpcClient } from './rpc-client.js';

/** As many people as identityRpc.membersByIds answers in one call. */
export const MEMBERS_A_CALL = 1000;

/**
 * The organization's members among these ids (those still its people), asked of identity a batch
 * at a time, the batches at once: a service asks for the people it holds, never for everyone.
 */
export async function membersByIds(
  rpc: RpcClient,
  organizationId: number,
  userIds: readonly number[],
): Promise<RpcAnswer<typeof identityRpc.membersByIds>> {
  const batches: number[][] = [];
  for (let start = 0; start < userIds.length; start += MEMBERS_A_CALL)
    batches.push(userIds.slice(start, start + MEMBERS_A_CALL));
  const found = await Promise.all(
    batches.map((batch) => rpc.call(identityRpc.membersByIds, { organizationId, userIds: batch })),
  );
  return found.flat();
}
