import {
  ORGANIZATION_ADMINS,
  STAFF_ROLES,
  type Certification,
  type CertificationState,
  folded,
  type Reobservation,
  type Role,
  UNCATEGORIZED,
} from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';
import { formatDate } from '../ui/dates';
import { i18n } from '../i18n/i18n';
import { formatPercent } from '../i18n/format';

/** 'Active', 'Expiring Soon', 'Overdue', 'Revoked', in the language shown. */
export function stateLabel(state: CertificationState): string {
  return i18n.t(`certifications.states.${state}`);
}

export const STATE_TONES: Record<CertificationState, BadgeTone> = {
  active: 'green',
  expiring_soon: 'amber',
  expired: 'red',
  revoked: 'neutral',
};

export const canRevoke = (role: Role | undefined) =>
  role !== undefined && ORGANIZATION_ADMINS.includes(role);

/** 'Score 66.7%', 'Score 66,7 %': the observation's score the certification was issued on. */
export const scoreText = (score: number) =>
  i18n.t('certifications.row.score', { score: formatPercent(score) });

/** Staff see everyone's certifications; an operator sees their own. */
export const seesEveryone = (role: Role | undefined) =>
  role !== undefined && STAFF_ROLES.includes(role);

/** 'Expires 11/23/2026', 'Expired …', 'Revoked …', in the user's time zone and date format. */
export function expiryText(certification: Certification): string {
  if (certification.state === 'revoked' && certification.revokedAt) {
    return i18n.t('certifications.revokedOn', { date: formatDate(certification.revokedAt) });
  }
  const date = formatDate(certification.expiresAt);
  return certification.state === 'expired'
    ? i18n.t('certifications.expired', { date })
    : i18n.t('certifications.expires', { date });
}

/** 'Version 3 changed a safety-relevant section on 11/20/2026: a passed observation clears this.' */
export function reobservationText(reobservation: Reobservation): string {
  return i18n.t('certifications.reobservation', {
    version: reobservation.version,
    date: formatDate(reobservation.since),
  });
}

/** The share of a category among all counted certifications, for its bar (0–100). */
export function categoryShare(count: number, categories: { count: number }[]): number {
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** A category as the reader sees it: the server's word for none in their language, tags as-is. */
export function categoryLabel(name: string): string {
  return name === UNCATEGORIZED ? i18n.t('certifications.uncategorized') : name;
}

/**
 * A search over holder, title and categories, case-insensitive; a category by the name shown and
 * by the server's (whose search matches the English word).
 */
export function matchesSearch(certification: Certification, search: string): boolean {
  const needle = folded(search.trim());
  if (needle === '') return true;
  return [
    certification.holderName,
    certification.title,
    ...certification.categories,
    ...certification.categories.map(categoryLabel),
  ].some((text) => folded(text).includes(needle));
}
