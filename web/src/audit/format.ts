import { type AuditEntry, auditDetailOf } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';
import type { en } from '../i18n/locales/en';

/** Who did it, as the log can name them: the account, else the email tried, else unknown. */
export function auditActor(entry: AuditEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actorId !== null) return i18n.t('audit.user', { id: entry.actorId });
  return i18n.t('audit.unknown');
}

type AuditActionKey = keyof typeof en.audit.actions;

/** An action's key in the catalog: 'sign-in.saml' -> 'signInSaml'. */
export function auditActionKey(action: string): string {
  return action.replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The catalog's name of an action ('sign-in.saml' is `audit.actions.signInSaml`); an action the
 * catalog does not know yet shows its words: 'user.delete' -> 'User delete'.
 */
export function auditAction(action: string): string {
  const key = auditActionKey(action);
  if (i18n.exists(`audit.actions.${key}`)) {
    return i18n.t(`audit.actions.${key as AuditActionKey}`);
  }
  const words = action.replace(/[.-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The entry's result as the log's Result column shows it: a failure with its detail, the
 * gateway's notes (proto's AUDIT_NOTES) in the reader's language after the status; a detail
 * written otherwise (an older row's, or any other text), and every detail for an English reader,
 * as stored.
 */
export function auditOutcome(entry: AuditEntry): string {
  if (entry.outcome === 'success') return i18n.t('audit.success');
  return i18n.t('audit.failed', { detail: readableDetail(entry.detail ?? '') });
}

function readableDetail(detail: string): string {
  if (i18n.language === 'en') return detail;
  const known = auditDetailOf(detail);
  if (!known) return detail;
  const notes = known.notes.map(({ code, params }) => keyedText(`audit.notes.${code}`, params));
  return [known.status, ...notes].join(', ');
}
