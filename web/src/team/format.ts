import type { Role, TeamMember, TeamStats } from '@hub/proto';

/** The spec's Department Breakdown labels, in its order. */
export const DEPARTMENT_LABELS: Record<keyof TeamStats['departmentBreakdown'], string> = {
  admin: 'Administration',
  training_supervisor: 'Training Supervisors',
  manager: 'Managers',
  operator: 'Operators',
};

/** 'training_supervisor' -> 'training supervisor' (the spec's role label). */
export const roleLabel = (role: Role) => role.replace(/_/g, ' ');

/** Each department's share of all counted members, in whole percent (0 without members). */
export function departmentShares(
  breakdown: TeamStats['departmentBreakdown'],
): { key: keyof TeamStats['departmentBreakdown']; label: string; count: number; share: number }[] {
  const total = Object.values(breakdown).reduce((sum, count) => sum + count, 0);
  return (Object.keys(DEPARTMENT_LABELS) as (keyof typeof DEPARTMENT_LABELS)[]).map((key) => ({
    key,
    label: DEPARTMENT_LABELS[key],
    count: breakdown[key],
    share: total > 0 ? Math.round((breakdown[key] / total) * 100) : 0,
  }));
}

/** Search over name, email, role and department, case-insensitive; blank matches all. */
export function matchesMember(member: TeamMember, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [member.name, member.email, roleLabel(member.role), member.department].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** Width of a performance bar: the percent clamped to 0..100, 0 without a figure. */
export const barWidth = (performance: number | null) =>
  performance === null ? 0 : Math.min(100, Math.max(0, performance));
