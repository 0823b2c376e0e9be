import type { AuditEntry } from '@hub/proto';

/** Who did it, as the log can name them: the account, else the email tried, else unknown. */
export function auditActor(entry: AuditEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorId !== null) return `User #${entry.actorId}`;
  return 'Unknown';
}

/** 'user.delete' -> 'User delete'; 'sign-in.saml' -> 'Sign in saml'. */
export function auditAction(action: string): string {
  const words = action.replace(/[.-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
