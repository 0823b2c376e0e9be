import type { Failure } from '@hub/proto';
import type { TraceCarrier } from '@hub/runtime';

/** What travels on a service's request stream. */
export interface RpcRequestEnvelope {
  id: string;
  pattern: string;
  data: unknown;
  replyTo: string;
  /** Epoch ms after which the caller no longer waits: the server skips the work. */
  deadline: number;
  /** The caller's trace context (a `traceparent`), with tracing on or off; none outside any work. */
  trace?: TraceCarrier;
}

export type RpcReplyEnvelope =
  | { id: string; ok: true; data: unknown }
  | { id: string; ok: false; failure: Failure };

export const requestStreamKey = (prefix: string, service: string) => `${prefix}rpc:${service}`;
export const replyChannel = (prefix: string, clientId: string) => `${prefix}rpc:reply:${clientId}`;

const OK_REPLY_START = Buffer.from('{"id":"');
const OK_REPLY_DATA = Buffer.from('","ok":true,"data":');
const QUOTE = 0x22;

/**
 * An ok reply's id and its answer's JSON bytes, cut out without decoding or parsing the answer:
 * the server writes replies with JSON.stringify, which keeps the envelope's key order (id, ok,
 * data). The answer stays a view of the message's bytes, off the JavaScript heap: a large answer
 * then costs the gateway no string decoding, re-encoding or garbage collection. Those bytes are
 * never written again (the Redis parser hands out fresh socket chunks, or parts of its pool it
 * never reuses; rpc.int.test holds many large answers at once to show it). Null for any other
 * reply (a failure, or an answer without data), which is parsed whole.
 */
export function cutOkReply(message: Buffer): { id: string; json: Buffer } | null {
  if (!startsWith(message, OK_REPLY_START, 0)) return null;
  const idEnd = message.indexOf(QUOTE, OK_REPLY_START.length);
  if (idEnd < 0 || !startsWith(message, OK_REPLY_DATA, idEnd)) return null;
  return {
    id: message.toString('latin1', OK_REPLY_START.length, idEnd),
    json: message.subarray(idEnd + OK_REPLY_DATA.length, message.length - 1),
  };
}

const startsWith = (bytes: Buffer, prefix: Buffer, at: number) =>
  bytes.length >= at + prefix.length &&
  bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
