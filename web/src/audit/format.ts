import type { AuditEntry } from '@hub/proto';
import { i18n } from '../i18n/i18n';
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
