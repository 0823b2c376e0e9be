import type { Failure } from '@hub/proto';
import type { TraceCarrier } from '../tracing/tracing.js';

/** What travels on a service's request stream. */
export interface RpcRequestEnvelope {
  id: string;
  pattern: string;
  data: unknown;
  replyTo: string;
  /** Epoch ms after which the caller no longer waits: the server skips the work. */
  deadline: number;
  /** The caller's trace context, while tracing is on. */
  trace?: TraceCarrier;
}

export type RpcReplyEnvelope =
  { id: string; ok: true; data: unknown } | { id: string; ok: false; failure: Failure };

export const requestStreamKey = (prefix: string, service: string) => `${prefix}rpc:${service}`;
export const replyChannel = (prefix: string, clientId: string) => `${prefix}rpc:reply:${clientId}`;

const OK_REPLY_START = '{"id":"';
const OK_REPLY_DATA = '","ok":true,"data":';

/**
 * An ok reply's id and its answer's JSON text, cut out without parsing the answer: the server
 * writes replies with JSON.stringify, which keeps the envelope's key order (id, ok, data). Null
 * for any other reply (a failure, or an answer without data), which is parsed whole.
 */
export function cutOkReply(message: string): { id: string; json: string } | null {
  if (!message.startsWith(OK_REPLY_START)) return null;
  const idEnd = message.indexOf('"', OK_REPLY_START.length);
  if (idEnd < 0 || !message.startsWith(OK_REPLY_DATA, idEnd)) return null;
  return {
    id: message.slice(OK_REPLY_START.length, idEnd),
    json: message.slice(idEnd + OK_REPLY_DATA.length, -1),
  };
}
