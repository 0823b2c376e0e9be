import {
  AdminOrganization,
  AdminOrganizationPage,
  AdminOverview,
  CreateOrganizationRequest,
  CreateUserRequest,
  CreateUserResponse,
  GlobalPrompts,
  InvitationSentResponse,
  MessageResponse,
  OrganizationPage,
  UserPage,
} from '../accounts.js';
import { Actor, SUPER_ADMIN_ONLY } from '../roles.js';
import { z } from 'zod';
import { rpc, ActorOnly, FROM_ROUTES } from '../rpc.js';
import { PageRequest } from '../paging.js';
import { AuditPage, NewAuditEntry } from '../audit.js';

/** The super administrator's console and the organization's people: part of identityRpc. */
export const identityAdminRpc = {
  // Super administrator console
  adminOverview: rpc('identity', 'admin.overview', FROM_ROUTES, ActorOnly, AdminOverview),
  /** One page of the console's organizations (GET /api/admin/organizations). */
  adminOrganizationPage: rpc(
    'identity',
    'admin.organizations.page',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest, search: z.string().max(200).optional() }),
    AdminOrganizationPage,
  ),
  /**
   * The shown names (display name, else name) of these organizations, for the integration
   * service's camera assignments on the super administrator's behalf: asked by the ids a list
   * shows, never for every organization. An id of none is left out of the answer.
   */
  organizationNames: rpc(
    'identity',
    'organizations.names',
    SUPER_ADMIN_ONLY,
    z.object({
      actor: Actor,
      // Distinct organizations of one list of camera assignments.
      organizationIds: z.array(z.number().int()).max(10_000),
    }),
    z.array(z.object({ id: z.number().int(), name: z.string() })),
  ),
  createOrganization: rpc(
    'identity',
    'admin.organizations.create',
    FROM_ROUTES,
    z.object({ actor: Actor, organization: CreateOrganizationRequest }),
    AdminOrganization,
  ),
  deleteOrganization: rpc(
    'identity',
    'admin.organizations.delete',
    SUPER_ADMIN_ONLY,
    z.object({ actor: Actor, organizationId: z.number().int() }),
    MessageResponse,
  ),
  /** Appends one entry to the audit log (the gateway, after each audited route). */
  recordAudit: rpc(
    'identity',
    'audit.record',
    'service',
    NewAuditEntry,
    z.object({ recorded: z.boolean() }),
  ),
  auditLog: rpc(
    'identity',
    'audit.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    AuditPage,
  ),
  adminUsers: rpc(
    'identity',
    'admin.users.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest, search: z.string().max(200).optional() }),
    UserPage,
  ),
  createUser: rpc(
    'identity',
    'admin.users.create',
    FROM_ROUTES,
    z.object({ actor: Actor, user: CreateUserRequest }),
    CreateUserResponse,
  ),
  /**
   * The route's answer and the organization of the person acted on, which the gateway files the
   * audit entry under (the route's `auditOrganization: { answered: true }`), not sent on.
   */
  deleteUser: rpc(
    'identity',
    'admin.users.delete',
    SUPER_ADMIN_ONLY,
    z.object({ actor: Actor, userId: z.number().int() }),
    MessageResponse.extend({ organizationId: z.number().int() }),
  ),
  /** As deleteUser: the route's answer and the invited person's organization. */
  resendInvitation: rpc(
    'identity',
    'admin.users.resendInvitation',
    FROM_ROUTES,
    z.object({ actor: Actor, userId: z.number().int() }),
    InvitationSentResponse.extend({ organizationId: z.number().int() }),
  ),
  prompts: rpc('identity', 'prompts.get', FROM_ROUTES, ActorOnly, GlobalPrompts),
  savePrompts: rpc(
    'identity',
    'prompts.save',
    FROM_ROUTES,
    z.object({ actor: Actor, prompts: GlobalPrompts }),
    GlobalPrompts,
  ),
  dataPanelOrganizations: rpc(
    'identity',
    'admin.data.organizations',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    OrganizationPage,
  ),
} as const;
