import type { TFunction } from 'i18next';
import { formatDateTime } from '../ui/dates';

/** 'Created 11/23/2026, 3:05 PM by Ann Admin': the line both token cards show. */
export function created(t: TFunction, at: string, by: string | null): string {
  const when = formatDateTime(at);
  return by ? t('tokens.createdBy', { when, name: by }) : t('tokens.created', { when });
}

/** 'Last used 11/23/2026, 3:05 PM', or 'Last used never'. */
export function lastUsed(t: TFunction, at: string | null): string {
  return t('tokens.lastUsed', { when: at ? formatDateTime(at) : t('tokens.never') });
}
