import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityRpc, type NewAuditEntry, type ScimRouteContract, scimRoutes } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { clientOf } from '../http/request-context.js';
import type { ScimRequest } from './scim-request.js';

const logger = new Logger('ScimAuditTrail');

const AUDITED = new Map(
  (Object.values(scimRoutes) as ScimRouteContract[])
    .filter((route) => route.audit)
    .map((route) => [`${route.method} ${route.path}`, route]),
);

const field = (body: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      body,
    );

/** What a PATCH did, operation by operation (`replace active; add members`). */
function operationsOf(body: unknown): string | null {
  const operations = field(body, 'Operations');
  if (!Array.isArray(operations)) return null;
  return operations
    .map((operation: { op?: unknown; path?: unknown; value?: unknown }) => {
      const path =
        typeof operation.path === 'string'
          ? operation.path
          : operation.value && typeof operation.value === 'object'
            ? Object.keys(operation.value).join(',')
            : '';
      return `${String(operation.op).toLowerCase()} ${path}`.trim();
    })
    .join('; ');
}

function targetOf(request: FastifyRequest, route: ScimRouteContract): string | null {
  const id = (request.params as { id?: string } | undefined)?.id;
  const parts = [
    ...(id ? [`${route.resource}/${id}`] : []),
    ...(route.auditBody ?? []).flatMap((path) => {
      const value = field(request.body, path);
      return value === undefined || value === null || typeof value === 'object'
        ? []
        : [`${path}=${String(value)}`];
    }),
  ];
  const operations = route.operation === 'patch' ? operationsOf(request.body) : null;
  if (operations) parts.push(`operations=${operations}`);
  return parts.length ? parts.join(' ').slice(0, 500) : null;
}

/** The entry of one SCIM change: the token (by id and name) is the actor, in its organization. */
export function scimAuditEntryOf(
  request: ScimRequest,
  route: ScimRouteContract,
  status: number,
): NewAuditEntry {
  const caller = request.scimCaller;
  const client = clientOf(request);
  return {
    action: route.audit!,
    outcome: status < 400 ? 'success' : 'failure',
    actorId: null,
    actorEmail: caller ? `SCIM token ${caller.tokenId} (${caller.tokenName})`.slice(0, 320) : null,
    actorRole: 'scim',
    organizationId: caller?.organizationId ?? null,
    target: targetOf(request, route),
    detail: String(status),
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/** Appends every SCIM change to the audit log once answered, as the route table's trail does. */
export function registerScimAuditTrail(fastify: FastifyInstance, rpc: RpcClient): void {
  fastify.addHook('onResponse', async (request, reply) => {
    const route = AUDITED.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!route) return;
    const entry = scimAuditEntryOf(request as ScimRequest, route, reply.statusCode);
    await rpc
      .call(identityRpc.recordAudit, entry)
      .catch((error: unknown) =>
        logger.error(`audit entry lost: ${entry.action} ${entry.outcome}: ${String(error)}`),
      );
  });
}
