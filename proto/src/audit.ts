import { z } from 'zod';
import { PageInfo, pageQuery } from './paging.js';
import { sentenceCatalog } from './sentence-catalog.js';

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
  /** The HTTP status and the gateway's notes (AUDIT_NOTES), or the refusal's message. */
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

/**
 * The notes the gateway writes after an entry's HTTP status, in this order: the API token a call
 * was made with, whether it is read only, and how the answer ended when it did not reach the
 * caller whole. The detail keeps the English (API clients read it, docs/api.md); the audit page
 * reads each note back to its code and words it in its reader's language. Codes are never
 * renamed or reused.
 */
export const AUDIT_NOTES = {
  api_token: 'by API token #{id} "{name}"',
  read_only: '(read only)',
  cut_short: 'cut short',
  caller_left: 'caller left',
} as const;
export type AuditNoteCode = keyof typeof AUDIT_NOTES;
export interface AuditNote {
  code: AuditNoteCode;
  params: Record<string, string>;
}

const NOTES = sentenceCatalog(AUDIT_NOTES);

/** An entry's detail: the status, then each note, a space apart. */
export const auditDetailText = (status: number, notes: readonly AuditNote[]): string =>
  [String(status), ...notes.map(({ code, params }) => NOTES.text(code, params))].join(' ');

/** The notes after the token's, last first, as the gateway writes them. */
const TRAILING: readonly AuditNoteCode[] = ['cut_short', 'caller_left', 'read_only'];

/**
 * The status and notes of a detail the gateway wrote, or undefined for another text (a row
 * written otherwise). The notes are taken from the end, so a token's name holding a note's
 * words or quotes is still read whole.
 */
export function auditDetailOf(detail: string): { status: string; notes: AuditNote[] } | undefined {
  const status = /^\d{3}(?= |$)/.exec(detail)?.[0];
  if (!status) return undefined;
  let rest = detail.slice(status.length);
  const notes: AuditNote[] = [];
  for (const code of TRAILING) {
    if (!rest.endsWith(` ${AUDIT_NOTES[code]}`)) continue;
    notes.unshift({ code, params: {} });
    rest = rest.slice(0, -AUDIT_NOTES[code].length - 1);
  }
  if (!rest) return { status, notes };
  const token = NOTES.of(rest.slice(1));
  return rest.startsWith(' ') && token?.code === 'api_token'
    ? { status, notes: [token, ...notes] }
    : undefined;
}
