import { z } from 'zod';
import type { HttpMethod } from './http.js';

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** A SCIM token as the settings page lists it; the secret itself is shown once, at creation. */
export const ScimTokenView = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ScimTokenView = z.infer<typeof ScimTokenView>;

export const ScimTokenList = z.object({ tokens: z.array(ScimTokenView) });
export type ScimTokenList = z.infer<typeof ScimTokenList>;

export const CreateScimTokenRequest = z.object({
  name: z
    .string({ error: 'Please name the token (for example "Okta").' })
    .trim()
    .min(1, 'Please name the token (for example "Okta").')
    .max(80, 'A token name has at most 80 characters.'),
});
export type CreateScimTokenRequest = z.infer<typeof CreateScimTokenRequest>;

export const CreatedScimToken = z.object({
  token: ScimTokenView,
  /** The bearer secret: shown this once, only its SHA-256 digest is kept. */
  secret: z.string(),
  baseUrl: z.string(),
});
export type CreatedScimToken = z.infer<typeof CreatedScimToken>;

/** The token a SCIM request authenticated with: every operation is scoped to its organization. */
export const ScimCaller = z.object({
  tokenId: z.number().int(),
  tokenName: z.string(),
  organizationId: z.number().int(),
});
export type ScimCaller = z.infer<typeof ScimCaller>;

export const ScimResource = z.enum(['Users', 'Groups']);
export type ScimResource = z.infer<typeof ScimResource>;
export const ScimOperation = z.enum(['list', 'create', 'read', 'replace', 'patch', 'delete']);
export type ScimOperation = z.infer<typeof ScimOperation>;

/** One SCIM call relayed by the gateway to the service that owns the resource. */
export const ScimCall = z.object({
  caller: ScimCaller,
  operation: ScimOperation,
  id: z.string().optional(),
  query: z.record(z.string(), z.string()),
  body: z.unknown(),
  /** The absolute base URL (`https://hub.example.com/scim/v2`), for `meta.location`. */
  baseUrl: z.string(),
});
export type ScimCall = z.infer<typeof ScimCall>;

/** SCIM answers its errors as documents too, so a call's answer is a status and a body. */
export const ScimAnswer = z.object({
  status: z.number().int(),
  body: z.unknown(),
});
export type ScimAnswer = z.infer<typeof ScimAnswer>;

export type ScimErrorType =
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany';

export function scimError(status: number, detail: string, scimType?: ScimErrorType): ScimAnswer {
  return {
    status,
    body: {
      schemas: [SCIM_SCHEMAS.error],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    },
  };
}

/**
 * A route of the SCIM protocol (RFC 7644) at `/scim/v2`. Not rows of the `/api` route table:
 * they authenticate with an organization's bearer token instead of a session, read and answer
 * `application/scim+json` and answer errors in SCIM's own schema. The gateway registers each,
 * and audits the changes with the token as the actor.
 */
export interface ScimRouteContract {
  method: HttpMethod;
  path: string;
  summary: string;
  /**
   * The service that owns the resource, or null for what the gateway answers itself: the discovery
   * documents, and /Me's 501.
   */
  resource: ScimResource | null;
  operation?: ScimOperation;
  audit?: string;
  /** Body fields the audit entry names (dotted paths), after the path parameters. */
  auditBody?: readonly string[];
}

const users = `${SCIM_BASE_PATH}/Users`;
const groups = `${SCIM_BASE_PATH}/Groups`;
/** The token's own subject (RFC 7644, 3.11): a token is an organization's, so each method is 501. */
const me = `${SCIM_BASE_PATH}/Me`;
const meUnsupported = 'Not supported (501): a token stands for an organization, not a person';

export const scimRoutes = {
  serviceProviderConfig: {
    method: 'GET',
    path: `${SCIM_BASE_PATH}/ServiceProviderConfig`,
    summary: 'What this service provider supports (PATCH, filter, no bulk, bearer token)',
    resource: null,
  },
  resourceTypes: {
    method: 'GET',
    path: `${SCIM_BASE_PATH}/ResourceTypes`,
    summary: 'The resource types: User and Group',
    resource: null,
  },
  resourceType: {
    method: 'GET',
    path: `${SCIM_BASE_PATH}/ResourceTypes/:id`,
    summary: 'One resource type',
    resource: null,
  },
  schemas: {
    method: 'GET',
    path: `${SCIM_BASE_PATH}/Schemas`,
    summary: 'The User and Group schemas, with the attributes this provider keeps',
    resource: null,
  },
  schema: {
    method: 'GET',
    path: `${SCIM_BASE_PATH}/Schemas/:id`,
    summary: 'One schema',
    resource: null,
  },
  listUsers: {
    method: 'GET',
    path: users,
    summary: 'Members of the organization, filtered (`userName eq "..."`) and paged',
    resource: 'Users',
    operation: 'list',
  },
  createUser: {
    method: 'POST',
    path: users,
    summary: 'Provision a member (active, signs in by SSO)',
    resource: 'Users',
    operation: 'create',
    audit: 'scim.user.create',
    auditBody: ['userName'],
  },
  readUser: {
    method: 'GET',
    path: `${users}/:id`,
    summary: 'One member',
    resource: 'Users',
    operation: 'read',
  },
  replaceUser: {
    method: 'PUT',
    path: `${users}/:id`,
    summary: 'Replace a member (active: false suspends them at once)',
    resource: 'Users',
    operation: 'replace',
    audit: 'scim.user.replace',
    auditBody: ['userName', 'active'],
  },
  patchUser: {
    method: 'PATCH',
    path: `${users}/:id`,
    summary: "Change a member's attributes (Okta's and Entra ID's PATCH dialects)",
    resource: 'Users',
    operation: 'patch',
    audit: 'scim.user.patch',
  },
  deleteUser: {
    method: 'DELETE',
    path: `${users}/:id`,
    summary: 'Remove a member',
    resource: 'Users',
    operation: 'delete',
    audit: 'scim.user.delete',
  },
  listGroups: {
    method: 'GET',
    path: groups,
    summary: 'Job functions of the organization, filtered (`displayName eq "..."`) and paged',
    resource: 'Groups',
    operation: 'list',
  },
  createGroup: {
    method: 'POST',
    path: groups,
    summary: 'Create a job function',
    resource: 'Groups',
    operation: 'create',
    audit: 'scim.group.create',
    auditBody: ['displayName'],
  },
  readGroup: {
    method: 'GET',
    path: `${groups}/:id`,
    summary: 'One job function and its members',
    resource: 'Groups',
    operation: 'read',
  },
  replaceGroup: {
    method: 'PUT',
    path: `${groups}/:id`,
    summary: "Replace a job function's name and members",
    resource: 'Groups',
    operation: 'replace',
    audit: 'scim.group.replace',
    auditBody: ['displayName'],
  },
  patchGroup: {
    method: 'PATCH',
    path: `${groups}/:id`,
    summary: 'Rename a job function, add or remove members',
    resource: 'Groups',
    operation: 'patch',
    audit: 'scim.group.patch',
  },
  deleteGroup: {
    method: 'DELETE',
    path: `${groups}/:id`,
    summary: 'Delete a job function',
    resource: 'Groups',
    operation: 'delete',
    audit: 'scim.group.delete',
  },
  readMe: { method: 'GET', path: me, summary: meUnsupported, resource: null },
  createMe: { method: 'POST', path: me, summary: meUnsupported, resource: null },
  replaceMe: { method: 'PUT', path: me, summary: meUnsupported, resource: null },
  patchMe: { method: 'PATCH', path: me, summary: meUnsupported, resource: null },
  deleteMe: { method: 'DELETE', path: me, summary: meUnsupported, resource: null },
} as const satisfies Record<string, ScimRouteContract>;
