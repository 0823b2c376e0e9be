import { z } from 'zod';
import { RowId } from './row-id.js';
import { CreatableRole } from './roles.js';
import { plainLine } from './text.js';

/** A recognisable prefix, so secret scanners (and people reading logs) spot a leaked token. */
export const API_TOKEN_PREFIX = 'hub_pat_';

/** The longest a token may live: an integration is re-keyed at least once a year. */
export const API_TOKEN_MAX_DAYS = 366;

/**
 * A token's ceiling: one of the organization's roles (never the super administrator), and
 * whether it is limited to reading (GET and HEAD routes) within that role.
 */
export const ApiTokenCeiling = z.object({
  role: CreatableRole,
  readOnly: z.boolean(),
});
export type ApiTokenCeiling = z.infer<typeof ApiTokenCeiling>;

/** A token named in a path: an id past the table's `integer` is refused (400), never a 500. */
export const ApiTokenIdParams = z.object({ id: RowId });
export type ApiTokenIdParams = z.infer<typeof ApiTokenIdParams>;

export const CreateApiTokenRequest = ApiTokenCeiling.extend({
  name: plainLine().min(1, 'Please give the token a name.').max(100),
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

export const ApiTokenView = ApiTokenCeiling.extend({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, enough to tell tokens apart, never enough to use one. */
  hint: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof ApiTokenView>;

export const ApiTokenList = z.object({ tokens: z.array(ApiTokenView) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

/** The new token with its secret, answered this once and never again. */
export const CreatedApiToken = z.object({ token: ApiTokenView, secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

/**
 * Who a bearer secret stands for: the token, its organization and ceiling, and the
 * administrator who created it (the user the token acts for).
 */
export const ApiTokenCaller = ApiTokenCeiling.extend({
  tokenId: z.number().int(),
  tokenName: z.string(),
  organizationId: z.number().int().positive(),
  userId: z.number().int().positive(),
});
export type ApiTokenCaller = z.infer<typeof ApiTokenCaller>;
