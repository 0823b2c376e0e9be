import { CREATABLE_ROLES, type Role, type TeamMemberStatus, type TeamStats } from '@hub/proto';
import { i18n } from '../i18n/i18n';
import type { BadgeTone } from '../ui/Badge';

type Department = keyof TeamStats['departmentBreakdown'];

/**
 * The spec's Department Breakdown, in its order: a member's department is their role (every role
 * but the super administrator's); labels are the catalog's `team.departments`.
 */
const DEPARTMENTS: readonly Department[] = CREATABLE_ROLES;

/** 'training_supervisor' -> 'training supervisor' (the spec's role label). */
export const roleLabel = (role: Role) => role.replace(/_/g, ' ');

/** Each department's share of all counted members, in whole percent (0 without members). */
export function departmentShares(
  breakdown: TeamStats['departmentBreakdown'],
): { key: keyof TeamStats['departmentBreakdown']; label: string; count: number; share: number }[] {
  const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
  return DEPARTMENTS.map((key) => ({
    key,
    label: i18n.t(`team.departments.${key}`),
    count: breakdown[key],
    share: total > 0 ? Math.round((breakdown[key] / total) * 100) : 0,
  }));
}

const STATUS_TONES: Record<TeamMemberStatus, BadgeTone> = {
  active: 'green',
  pending: 'neutral',
  // Cut off by an administrator or the identity provider: not to be read as merely waiting.
  suspended: 'red',
};

/** A member's status badge (the list's and the member page's): its tone and label. */
export function statusBadge(status: TeamMemberStatus): { tone: BadgeTone; label: string } {
  return { tone: STATUS_TONES[status], label: i18n.t(`team.status.${status}`) };
}

/** Width of a performance bar: the percent clamped to 0..100, 0 without a figure. */
export const barWidth = (performance: number | null) =>
  performance === null ? 0 : Math.min(100, Math.max(0, performance));
