import { identityAccountRpc } from './identity-account.js';
import { identityAdminRpc } from './identity-admin.js';
import { identityServiceRpc } from './identity-services.js';
import { identitySessionRpc } from './identity-sessions.js';

export { MemberFilter, MemberKey } from './identity-services.js';

/**
 * Every RPC of the identity service, one table for its callers; declared in four files by what
 * they serve (sign-in and sessions, the administrators' console, a person's own account, other
 * services).
 */
export const identityRpc = {
  ...identitySessionRpc,
  ...identityAdminRpc,
  ...identityAccountRpc,
  ...identityServiceRpc,
} as const;
