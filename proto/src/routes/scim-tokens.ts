import { OWN_ORGANIZATION_ADMINS } from '../roles.js';
import { MessageResponse } from '../accounts.js';
import { IdParams } from '../row-id.js';
import { defineRoute } from '../http.js';
import { scimRpc } from '../rpc/scim.js';
import { CreatedScimToken, CreateScimTokenRequest, ScimTokenList } from '../scim.js';

/**
 * The bearer tokens an identity provider (Okta, Entra ID) provisions the organization with.
 * Managed from a signed-in session only: an API token never mints or revokes a SCIM token, whose
 * secret would outlive it and could suspend every member.
 */
export const scimTokenRoutes = {
  scimTokens: defineRoute({
    method: 'GET',
    path: '/api/scim-tokens',
    summary: "The organization's live SCIM tokens, when each was last used",
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    response: ScimTokenList,
    relay: { rpc: scimRpc.tokens, request: ({ actor }) => ({ actor }) },
  }),
  createScimToken: defineRoute({
    method: 'POST',
    path: '/api/scim-tokens',
    summary: 'A new SCIM bearer token; its secret is answered this once',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'scim-token.create',
    auditBody: ['name'],
    body: CreateScimTokenRequest,
    response: CreatedScimToken,
  }),
  revokeScimToken: defineRoute({
    method: 'DELETE',
    path: '/api/scim-tokens/:id',
    summary: 'Revoke a SCIM token: the identity provider is refused from its next request',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'scim-token.revoke',
    params: IdParams,
    response: MessageResponse,
    relay: {
      rpc: scimRpc.revokeToken,
      request: ({ actor, params }) => ({ actor, tokenId: params.id }),
    },
  }),
} as const;
