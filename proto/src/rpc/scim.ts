import { z } from 'zod';
import { Actor, OWN_ORGANIZATION_ADMINS } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';
import {
  CreateScimTokenRequest,
  ScimAnswer,
  ScimCall,
  ScimCaller,
  ScimTokenList,
  ScimTokenView,
} from '../scim.js';

/** SCIM tokens and SCIM Users live in identity; SCIM Groups (job functions) in observation. */
export const scimRpc = {
  tokens: rpc('identity', 'scim.tokens', FROM_ROUTES, ActorOnly, ScimTokenList),
  createToken: rpc(
    'identity',
    'scim.tokens.create',
    OWN_ORGANIZATION_ADMINS,
    z.object({ actor: Actor, token: CreateScimTokenRequest }),
    z.object({ token: ScimTokenView, secret: z.string() }),
  ),
  revokeToken: rpc(
    'identity',
    'scim.tokens.revoke',
    FROM_ROUTES,
    z.object({ actor: Actor, tokenId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  /** The live token behind a bearer secret (its use recorded), or null. */
  resolveToken: rpc(
    'identity',
    'scim.tokens.resolve',
    'service',
    z.object({ secret: z.string() }),
    z.object({ caller: ScimCaller.nullable() }),
  ),
  users: rpc('identity', 'scim.users', 'service', ScimCall, ScimAnswer),
  groups: rpc('observation', 'scim.groups', 'service', ScimCall, ScimAnswer),
} as const;
