import { OWN_ORGANIZATION_ADMINS } from '../roles.js';
import { MessageResponse } from '../accounts.js';
import {
  ApiTokenIdParams,
  ApiTokenList,
  CreateApiTokenRequest,
  CreatedApiToken,
} from '../api-tokens.js';
import { defineRoute } from '../http.js';
import { apiTokensRpc } from '../rpc/api-tokens.js';

/**
 * Tokens other systems call the API with. Managed from a signed-in session only: a token never
 * mints, lists or revokes tokens.
 */
export const apiTokenRoutes = {
  apiTokens: defineRoute({
    method: 'GET',
    path: '/api/api-tokens',
    summary: "The organization's live API tokens, when each expires and was last used",
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    response: ApiTokenList,
    relay: { rpc: apiTokensRpc.list, request: ({ actor }) => ({ actor }) },
  }),
  createApiToken: defineRoute({
    method: 'POST',
    path: '/api/api-tokens',
    summary: 'A new API token; its secret is answered this once',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'api-token.create',
    auditBody: ['name', 'role', 'readOnly'],
    body: CreateApiTokenRequest,
    response: CreatedApiToken,
    relay: { rpc: apiTokensRpc.create, request: ({ actor, body }) => ({ actor, token: body }) },
  }),
  revokeApiToken: defineRoute({
    method: 'DELETE',
    path: '/api/api-tokens/:id',
    summary: 'Revoke an API token: refused from its next request',
    tag: 'settings',
    access: OWN_ORGANIZATION_ADMINS,
    sessionOnly: true,
    audit: 'api-token.revoke',
    params: ApiTokenIdParams,
    response: MessageResponse,
    relay: {
      rpc: apiTokensRpc.revoke,
      request: ({ actor, params }) => ({ actor, tokenId: params.id }),
    },
  }),
} as const;
