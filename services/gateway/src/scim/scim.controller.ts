import {
  Controller,
  Inject,
  type OnModuleInit,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type ScimAnswer,
  scimError,
  scimRoutes,
  SCIM_BASE_PATH,
  type ScimRouteContract,
  scimRpc,
} from '@hub/proto';
import { RpcClient, scimList } from '@hub/kit';
import { SessionCache } from '../auth/session-cache.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { scimResourceTypes, scimSchemas, scimServiceProviderConfig } from './scim-discovery.js';
import { SCIM_ME_UNSUPPORTED, ScimErrorFilter, sendScim } from './scim-error.filter.js';
import { ScimEndpoint, type ScimRequest } from './scim-request.js';
import { registerScimAuthentication, ScimGuard } from './scim.guard.js';

const MAX_RESULTS = 200;

/** The first value of each query parameter, as SCIM reads them. */
function queryOf(request: ScimRequest): Record<string, string> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const entries = Object.entries(query).map(([key, value]) => [key, [value].flat()[0]]);
  return Object.fromEntries(entries.filter(([, value]) => typeof value === 'string'));
}

/**
 * SCIM 2.0 (RFC 7644) for an organization's identity provider. Users go to identity and Groups
 * (job functions) to observation, each scoped there to the token's organization; the discovery
 * documents are this gateway's own.
 */
@Controller()
@UseGuards(ScimGuard)
@UseFilters(ScimErrorFilter)
export class ScimController implements OnModuleInit {
  private readonly baseUrl: string;

  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(SessionCache) private readonly sessions: SessionCache,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(ScimGuard) private readonly guard: ScimGuard,
    @Inject(HttpAdapterHost) private readonly adapter: HttpAdapterHost,
  ) {
    this.baseUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}${SCIM_BASE_PATH}`;
  }

  /** The token is decided before fastify reads a body: in a hook, as ScimGuard's own check. */
  onModuleInit() {
    registerScimAuthentication(this.adapter.httpAdapter.getInstance<FastifyInstance>(), this.guard);
  }

  @ScimEndpoint(scimRoutes.serviceProviderConfig)
  serviceProviderConfig(@Res() reply: FastifyReply) {
    sendScim(reply, { status: 200, body: scimServiceProviderConfig(this.baseUrl, MAX_RESULTS) });
  }

  @ScimEndpoint(scimRoutes.resourceTypes)
  resourceTypes(@Res() reply: FastifyReply) {
    const types = scimResourceTypes(this.baseUrl);
    sendScim(reply, scimList(types, types.length, 0));
  }

  @ScimEndpoint(scimRoutes.resourceType)
  resourceType(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    const { id } = request.params as { id: string };
    const found = scimResourceTypes(this.baseUrl).find((type) => type.id === id);
    sendScim(
      reply,
      found ? { status: 200, body: found } : scimError(404, 'Resource type not found'),
    );
  }

  @ScimEndpoint(scimRoutes.schemas)
  schemas(@Res() reply: FastifyReply) {
    const schemas = scimSchemas(this.baseUrl);
    sendScim(reply, scimList(schemas, schemas.length, 0));
  }

  @ScimEndpoint(scimRoutes.schema)
  schema(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    const { id } = request.params as { id: string };
    const found = scimSchemas(this.baseUrl).find((schema) => schema.id === id);
    sendScim(reply, found ? { status: 200, body: found } : scimError(404, 'Schema not found'));
  }

  @ScimEndpoint(scimRoutes.listUsers)
  listUsers(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.listUsers, request, reply);
  }

  @ScimEndpoint(scimRoutes.createUser)
  createUser(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.createUser, request, reply);
  }

  @ScimEndpoint(scimRoutes.readUser)
  readUser(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.readUser, request, reply);
  }

  @ScimEndpoint(scimRoutes.replaceUser)
  replaceUser(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.replaceUser, request, reply);
  }

  @ScimEndpoint(scimRoutes.patchUser)
  patchUser(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.patchUser, request, reply);
  }

  @ScimEndpoint(scimRoutes.deleteUser)
  deleteUser(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.deleteUser, request, reply);
  }

  @ScimEndpoint(scimRoutes.listGroups)
  listGroups(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.listGroups, request, reply);
  }

  @ScimEndpoint(scimRoutes.createGroup)
  createGroup(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.createGroup, request, reply);
  }

  @ScimEndpoint(scimRoutes.readGroup)
  readGroup(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.readGroup, request, reply);
  }

  @ScimEndpoint(scimRoutes.replaceGroup)
  replaceGroup(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.replaceGroup, request, reply);
  }

  @ScimEndpoint(scimRoutes.patchGroup)
  patchGroup(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.patchGroup, request, reply);
  }

  @ScimEndpoint(scimRoutes.deleteGroup)
  deleteGroup(@Req() request: ScimRequest, @Res() reply: FastifyReply) {
    return this.relay(scimRoutes.deleteGroup, request, reply);
  }

  @ScimEndpoint(scimRoutes.readMe)
  readMe(@Res() reply: FastifyReply) {
    this.meUnsupported(reply);
  }

  @ScimEndpoint(scimRoutes.createMe)
  createMe(@Res() reply: FastifyReply) {
    this.meUnsupported(reply);
  }

  @ScimEndpoint(scimRoutes.replaceMe)
  replaceMe(@Res() reply: FastifyReply) {
    this.meUnsupported(reply);
  }

  @ScimEndpoint(scimRoutes.patchMe)
  patchMe(@Res() reply: FastifyReply) {
    this.meUnsupported(reply);
  }

  @ScimEndpoint(scimRoutes.deleteMe)
  deleteMe(@Res() reply: FastifyReply) {
    this.meUnsupported(reply);
  }

  /**
   * Every /Me route's answer: a token stands for an organization, not a person (RFC 7644, 3.11,
   * allows 501). Each route is still declared, as proto's table has one row a method.
   */
  private meUnsupported(reply: FastifyReply) {
    sendScim(reply, scimError(501, SCIM_ME_UNSUPPORTED));
  }

  private async relay(route: ScimRouteContract, request: ScimRequest, reply: FastifyReply) {
    const id = (request.params as { id?: string }).id;
    const answer = await this.rpc.call(
      route.resource === 'Groups' ? scimRpc.groups : scimRpc.users,
      {
        caller: request.scimCaller!,
        operation: route.operation!,
        ...(id === undefined ? {} : { id }),
        query: queryOf(request),
        body: request.body ?? null,
        baseUrl: this.baseUrl,
      },
    );
    if (route.resource === 'Users') this.forgetEndedSessions(route, id, answer);
    sendScim(reply, answer);
  }

  /**
   * Identity announces the ended sessions to every gateway; this one, which relayed the change,
   * drops them before it answers, so the member's very next request here is refused.
   */
  private forgetEndedSessions(
    route: ScimRouteContract,
    id: string | undefined,
    answer: ScimAnswer,
  ) {
    if (answer.status >= 300 || id === undefined) return;
    const active = (answer.body as { active?: unknown } | null)?.active;
    if (route.operation === 'delete' || active === false)
      this.sessions.forget({ userId: Number(id) });
  }
}
