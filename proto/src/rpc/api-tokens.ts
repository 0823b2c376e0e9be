import { z } from 'zod';
import {
  ApiTokenCaller,
  ApiTokenList,
  ApiTokenView,
  CreateApiTokenRequest,
} from '../api-tokens.js';
import { Actor } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';

/** API tokens live in identity, next to the users they act for. */
export const apiTokensRpc = {
  list: rpc('identity', 'api-tokens.list', FROM_ROUTES, ActorOnly, ApiTokenList),
  create: rpc(
    'identity',
    'api-tokens.create',
    FROM_ROUTES,
    z.object({ actor: Actor, token: CreateApiTokenRequest }),
    z.object({ token: ApiTokenView, secret: z.string() }),
  ),
  revoke: rpc(
    'identity',
    'api-tokens.revoke',
    FROM_ROUTES,
    z.object({ actor: Actor, tokenId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  /** The live, unexpired token behind a bearer secret (its use recorded), or null. */
  resolve: rpc(
    'identity',
    'api-tokens.resolve',
    'service',
    z.object({ secret: z.string().max(200) }),
    z.object({ caller: ApiTokenCaller.nullable() }),
  ),
} as const;
