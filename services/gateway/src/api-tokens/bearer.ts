import type { FastifyRequest } from 'fastify';

/**
 * The secret of an `Authorization: Bearer` header, or undefined when the request carries none.
 * A malformed bearer header counts as a bearer attempt (an empty secret, refused later), so it
 * never falls back on the browser's cookie.
 */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || !/^bearer(\s|$)/i.test(header)) return undefined;
  return header.slice('bearer'.length).trim();
}
