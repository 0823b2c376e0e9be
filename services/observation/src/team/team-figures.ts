import {
  type PerformanceMetrics,
  type Role,
  type TeamStats,
  TOP_PERFORMER_ABOVE,
} from '@hub/proto';

/** part of whole in percent with one decimal; null when there is no whole. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

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
  /**
   * The active members' head counts by role, and how many of each were present today: accepted
   * and not suspended, as identity counts them (a suspended person is listed, not counted).
   */
  heads: { role: Role; active: number; present: number }[];
  /** The active members' performance figures, for those with one (any order). */
  scores: number[];
  trainingCompletion: number | null;
  safetyCompliance: number | null;
  /** First observations of a person on an SOP, and how many of them passed. */
  firstAttempts: PassCounts;
}

/**
 * Mean of figures of one decimal, with one decimal, summed as whole tenths: exact in any order
 * (the scores come in no particular order). A float sum rounded the same except at an exact
 * half, where its last bit decided.
 */
const meanOfTenths = (values: number[]): number | null =>
  values.length
    ? Math.round(values.reduce((sum, value) => sum + Math.round(value * 10), 0) / values.length) /
      10
    : null;

/**
 * Team stats over active members: present = signed in today; top performers above 90%;
 * average performance = mean of the members' performance (each person counts once).
 */
export function teamStats(inputs: TeamInputs): TeamStats {
  const departmentBreakdown = { admin: 0, training_supervisor: 0, manager: 0, operator: 0 };
  let active = 0;
  let present = 0;
  for (const heads of inputs.heads) {
    departmentBreakdown[departmentOf(heads.role)] += heads.active;
    active += heads.active;
    present += heads.present;
  }
  const performanceMetrics: PerformanceMetrics = {
    averagePerformance: meanOfTenths(inputs.scores),
    trainingCompletion: inputs.trainingCompletion,
    safetyCompliance: inputs.safetyCompliance,
    efficiencyRating: percent(inputs.firstAttempts.passed, inputs.firstAttempts.total),
  };
  return {
    totalMembers: active,
    presentToday: present,
    attendanceRate: percent(present, active),
    absentCount: active - present,
    topPerformers: inputs.scores.filter((score) => score > TOP_PERFORMER_ABOVE).length,
    departmentBreakdown,
    performanceMetrics,
  };
}
