import { z } from 'zod';

/**
 * Announced by identity whenever sessions end before their time, so every gateway drops them
 * from its session cache at once: one session (by its token's digest), a user's sessions (all
 * but one, after a password change), or an organization's.
 */
export const SessionRevocation = z.union([
  z.object({ tokenHash: z.string() }),
  z.object({ userId: z.number().int(), exceptSessionId: z.string().optional() }),
  z.object({ organizationId: z.number().int() }),
]);
export type SessionRevocation = z.infer<typeof SessionRevocation>;

export const sessionRevocationChannel = (prefix: string) => `${prefix}sessions:revoked`;
