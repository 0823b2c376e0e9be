import {
  type PerformanceMetrics,
  type Role,
  type TeamMember,
  type TeamStats,
  TOP_PERFORMER_ABOVE,
} from '@hub/proto';

/** part of whole in percent with one decimal; null when there is no whole. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

const mean = (values: number[]): number | null =>
  values.length
    ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10
    : null;

/** The spec's four departments; the super administrator counts under Administration. */
export function departmentOf(role: Role): keyof TeamStats['departmentBreakdown'] {
  return role === 'super_admin' ? 'admin' : role;
}

/** A tag that marks a safety SOP: the word "safety" anywhere in its name ("Food Safety", "safety"). */
export const isSafetyTag = (name: string) => /\bsafety\b/i.test(name);

export interface PassCounts {
  total: number;
  passed: number;
}

/** Pass rate of the observations of SOPs tagged safety. */
export function safetyCompliance(
  bySop: (PassCounts & { documentId: number })[],
  tags: Map<number, string[]>,
): number | null {
  const safety = bySop.filter((row) => (tags.get(row.documentId) ?? []).some(isSafetyTag));
  return percent(
    safety.reduce((sum, row) => sum + row.passed, 0),
    safety.reduce((sum, row) => sum + row.total, 0),
  );
}

export interface TeamInputs {
  /** What the figures read of each member (the stats ask identity for no more). */
  members: Pick<TeamMember, 'role' | 'status' | 'performance' | 'presentToday'>[];
  trainingCompletion: number | null;
  safetyCompliance: number | null;
  /** First observations of a person on an SOP, and how many of them passed. */
  firstAttempts: PassCounts;
}

/**
 * Team stats over active members: present = signed in today; top performers above 90%;
 * average performance = mean of the members' performance (each person counts once).
 */
export function teamStats(inputs: TeamInputs): TeamStats {
  const active = inputs.members.filter((member) => member.status === 'active');
  const present = active.filter((member) => member.presentToday).length;
  const scored = active.flatMap((member) =>
    member.performance === null ? [] : [member.performance],
  );
  const departmentBreakdown = { admin: 0, training_supervisor: 0, manager: 0, operator: 0 };
  for (const member of active) departmentBreakdown[departmentOf(member.role)] += 1;
  const performanceMetrics: PerformanceMetrics = {
    averagePerformance: mean(scored),
    trainingCompletion: inputs.trainingCompletion,
    safetyCompliance: inputs.safetyCompliance,
    efficiencyRating: percent(inputs.firstAttempts.passed, inputs.firstAttempts.total),
  };
  return {
    totalMembers: active.length,
    presentToday: present,
    attendanceRate: percent(present, active.length),
    absentCount: active.length - present,
    topPerformers: scored.filter((score) => score > TOP_PERFORMER_ABOVE).length,
    departmentBreakdown,
    performanceMetrics,
  };
}
