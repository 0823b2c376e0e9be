import {
  CERTIFICATION_REVOKERS,
  CERTIFICATION_STAFF,
  type Certification,
  type CertificationState,
  type Role,
} from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';

export const STATE_LABELS: Record<CertificationState, string> = {
  active: 'Active',
  expiring_soon: 'Expiring Soon',
  expired: 'Overdue',
  revoked: 'Revoked',
};

export const STATE_TONES: Record<CertificationState, BadgeTone> = {
  active: 'green',
  expiring_soon: 'amber',
  expired: 'red',
  revoked: 'neutral',
};

export const canRevoke = (role: Role | undefined) =>
  role !== undefined && CERTIFICATION_REVOKERS.includes(role);

/** Staff see everyone's certifications; an operator sees their own. */
export const seesEveryone = (role: Role | undefined) =>
  role !== undefined && CERTIFICATION_STAFF.includes(role);

/** '23 Nov 2026' (UTC, as the certificate prints it). */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Expires 23 Nov 2026', 'Expired 2 Oct 2026', 'Revoked 1 Nov 2026'. */
export function expiryText(certification: Certification): string {
  if (certification.state === 'revoked' && certification.revokedAt) {
    return `Revoked ${shortDate(certification.revokedAt)}`;
  }
  const verb = certification.state === 'expired' ? 'Expired' : 'Expires';
  return `${verb} ${shortDate(certification.expiresAt)}`;
}

/** The share of a category among all counted certifications, for its bar (0–100). */
export function categoryShare(count: number, categories: { count: number }[]): number {
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** A search over holder, title and categories, case-insensitive. */
export function matchesSearch(certification: Certification, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [certification.holderName, certification.title, ...certification.categories].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
