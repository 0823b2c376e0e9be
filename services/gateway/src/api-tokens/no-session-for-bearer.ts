import type { FastifyInstance } from 'fastify';
import { bearerSecret } from './bearer.js';

/**
 * A request made with a bearer token never leaves with a browser session: whatever a handler
 * set (a public route such as sign-in included), no cookie goes back to a program.
 */
export function registerNoSessionForBearer(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (bearerSecret(request) !== undefined) reply.removeHeader('set-cookie');
    return payload;
  });
}
