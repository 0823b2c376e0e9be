import type { FastifyInstance } from 'fastify';
import { RelayedAnswer } from '@hub/kit';

/**
 * A service's answer relayed unchanged (RpcClient.relay) goes out as the JSON text the service
 * wrote and checked against its contract: parsing it here only to serialise it again cost the
 * gateway more than the rest of a small request. Everything else is serialised as before.
 * Registered before the routes, which take the serializer when they are added.
 */
export function registerRelayedAnswers(fastify: FastifyInstance): void {
  fastify.setReplySerializer((payload) =>
    payload instanceof RelayedAnswer ? payload.json : JSON.stringify(payload),
  );
}
