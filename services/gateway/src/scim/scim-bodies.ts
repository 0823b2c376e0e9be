import type { FastifyInstance } from 'fastify';
import { SCIM_CONTENT_TYPE } from '@hub/proto';

/** Identity providers send `application/scim+json`: read it as the JSON it is. */
export function registerScimBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    SCIM_CONTENT_TYPE,
    { parseAs: 'string' },
    fastify.getDefaultJsonParser('error', 'error'),
  );
}
