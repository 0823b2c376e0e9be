import type { RpcContract } from '@hub/proto';
import type { z } from 'zod';
import { RpcCallError, type RpcClient } from './rpc-client.js';

/**
 * What a pod answers for a pattern it has no handler for. Pods of the previous release answer
 * it too, with this same text: the words are part of the wire, kept as they are.
 */
export const noHandlerMessage = (pattern: string) => `No handler for ${pattern}`;

/**
 * Whether a call failed only because the pod that took it does not know the pattern (a pod of
 * the previous release during a rolling upgrade, all pods sharing one request stream); with
 * `pattern`, that this pattern was the one unknown.
 */
export function isUnknownPattern(error: unknown, pattern?: string): boolean {
  if (!(error instanceof RpcCallError)) return false;
  const { kind, message } = error.failure;
  if (kind !== 'internal') return false;
  return pattern === undefined
    ? message.startsWith(noHandlerMessage(''))
    : message === noHandlerMessage(pattern);
}

/**
 * Calls a pattern of this release; when a pod of the previous one took the call and does not know
 * it, answers with `older` (the pattern that release knows, mapped to this answer's shape).
 */
export async function callOrOlder<C extends RpcContract>(
  rpc: Pick<RpcClient, 'call'>,
  contract: C,
  request: z.input<C['request']>,
  older: () => Promise<z.output<C['answer']>>,
): Promise<z.output<C['answer']>> {
  try {
    return await rpc.call(contract, request);
  } catch (error) {
    if (!isUnknownPattern(error, contract.pattern)) throw error;
    return older();
  }
}
