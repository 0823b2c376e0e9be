import type { FastifyInstance } from 'fastify';
import { RelayedAnswer } from '@hub/kit';

type ReplySerializer = Parameters<FastifyInstance['setReplySerializer']>[0];

/**
 * A service's answer relayed unchanged (RpcClient.relay) goes out as the JSON bytes the service
 * wrote and checked against its contract: decoding and parsing it here only to serialise and
 * encode it again cost the gateway more than the rest of a small request, and a list's answer
 * held as a string on the heap cost it more in garbage collection than in work. Everything else
 * is serialised as before. Registered before the routes, which take the serializer when added.
 */
export function registerRelayedAnswers(fastify: FastifyInstance): void {
  fastify.setReplySerializer(serializeReply);
}

/**
 * Fastify sends the serializer's result as it is when it is a Buffer (its reply's onSendEnd takes
 * a string or a Buffer), though its type names only strings.
 */
const serializeReply = ((payload: unknown) =>
  payload instanceof RelayedAnswer ? payload.json : JSON.stringify(payload)) as ReplySerializer;
