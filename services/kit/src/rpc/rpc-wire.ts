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
