import { z } from 'zod';
import { PageInfo, pageQuery } from './paging.js';

/**
 * One security-relevant action: who (actor, or the email tried at a failed sign-in), what
 * (action, target, outcome), when, and from where (client address and user agent).
 */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  outcome: z.enum(['success', 'failure']),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  /** The route's parameters (`id=12`), naming what the action touched. */
  target: z.string().nullable(),
  /** The HTTP status, or the refusal's message for a failure. */
  detail: z.string().nullable(),
  ip: z.string(),
  userAgent: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const NewAuditEntry = AuditEntry.omit({ id: true, at: true });
export type NewAuditEntry = z.infer<typeof NewAuditEntry>;

export const AuditPage = PageInfo.extend({ entries: z.array(AuditEntry) });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditListQuery = pageQuery(50, 200);
