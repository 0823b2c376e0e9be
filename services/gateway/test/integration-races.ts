import { type AuditEntry, api, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { RPC } from '../../integration/src/config.js';
import type { ApiSession, TestStack } from './test-stack.js';

/**
 * The integration service's first call of `contract` answers only once `meanwhile` has run: what
 * another request does between the service's check and its write. Returns the undo.
 */
export function meanwhileAfter(
  stack: TestStack,
  contract: RpcContract,
  meanwhile: () => Promise<unknown>,
): () => void {
  const rpc = stack.integration.app.get<RpcClient>(RPC);
  const call = rpc.call.bind(rpc);
  let held = false;
  rpc.call = (async (asked: RpcContract, request: unknown, timeoutMs?: number) => {
    const answer = await call(asked, request as never, timeoutMs);
    if (asked === contract && !held) {
      held = true;
      await meanwhile();
    }
    return answer;
  }) as typeof rpc.call;
  return () => (rpc.call = call);
}

/** The audit entry the session reads that matches, once written (after the answer is sent). */
export async function auditedEventually(
  session: ApiSession,
  match: (entry: AuditEntry) => boolean,
): Promise<AuditEntry> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await session.call(api.auditLog, { query: { limit: 200 } });
    const found = page.entries.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('audit entry never appeared');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
