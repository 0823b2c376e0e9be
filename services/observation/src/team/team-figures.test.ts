import { type Role, type TeamMember, type TeamStats, TOP_PERFORMER_ABOVE } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import {
  departmentOf,
  isSafetyTag,
  percent,
  safetyCompliance,
  type TeamInputs,
  teamStats,
} from './team-figures.js';

type Figures = Pick<TeamMember, 'role' | 'status' | 'performance' | 'presentToday'>;

let nextId = 1;
const member = (
  role: Role,
  performance: number | null,
  presentToday: boolean,
  status: TeamMember['status'] = 'active',
): TeamMember => ({
  id: nextId++,
  name: `Person ${nextId}`,
  email: `p${nextId}@x.test`,
  role,
  department: '',
  status,
  performance,
  presentToday,
  profilePicture: null,
});

/** What the service now hands the figures: the active members' head counts and scores. */
function inputsOf(members: Figures[]): Pick<TeamInputs, 'heads' | 'scores'> {
  const active = members.filter((person) => person.status === 'active');
  const roles = [...new Set(active.map((person) => person.role))];
  return {
    heads: roles.map((role) => {
      const ofRole = active.filter((person) => person.role === role);
      return { role, active: ofRole.length, present: ofRole.filter((p) => p.presentToday).length };
    }),
    scores: active.flatMap((person) => (person.performance === null ? [] : [person.performance])),
  };
}

/** The stats as they were counted from every active member (before identity counted them). */
function previousStats(members: Figures[], rest: Omit<TeamInputs, 'heads' | 'scores'>): TeamStats {
  const active = members.filter((person) => person.status === 'active');
  const present = active.filter((person) => person.presentToday).length;
  const scored = active.flatMap((person) =>
    person.performance === null ? [] : [person.performance],
  );
  const departmentBreakdown = { admin: 0, training_supervisor: 0, manager: 0, operator: 0 };
  for (const person of active) departmentBreakdown[departmentOf(person.role)] += 1;
  const mean = scored.length
    ? Math.round((scored.reduce((sum, value) => sum + value, 0) / scored.length) * 10) / 10
    : null;
  return {
    totalMembers: active.length,
    presentToday: present,
    attendanceRate: percent(present, active.length),
    absentCount: active.length - present,
    topPerformers: scored.filter((score) => score > TOP_PERFORMER_ABOVE).length,
    departmentBreakdown,
    performanceMetrics: {
      averagePerformance: mean,
      trainingCompletion: rest.trainingCompletion,
      safetyCompliance: rest.safetyCompliance,
      efficiencyRating: percent(rest.firstAttempts.passed, rest.firstAttempts.total),
    },
  };
}

describe('team figures', () => {
  it('counts active members, presence, absence and top performers above 90%', () => {
    const stats = teamStats({
      ...inputsOf([
        member('operator', 95, true),
        member('operator', 90, false),
        member('training_supervisor', 91.5, true),
        member('super_admin', null, false),
        member('admin', null, true),
        member('operator', 100, true, 'pending'),
      ]),
      trainingCompletion: 50,
      safetyCompliance: null,
      firstAttempts: { total: 4, passed: 3 },
    });
    expect(stats).toMatchObject({
      totalMembers: 5,
      presentToday: 3,
      attendanceRate: 60,
      absentCount: 2,
      topPerformers: 2,
      departmentBreakdown: { admin: 2, training_supervisor: 1, manager: 0, operator: 2 },
    });
    expect(stats.performanceMetrics).toEqual({
      averagePerformance: 92.2,
      trainingCompletion: 50,
      safetyCompliance: null,
      efficiencyRating: 75,
    });
  });

  it('answers as the count over every active member did, the scores in any order', () => {
    const roles: Role[] = ['super_admin', 'admin', 'training_supervisor', 'manager', 'operator'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 50; round += 1) {
      const members: Figures[] = Array.from({ length: 1 + next(400) }, () => ({
        role: roles[next(roles.length)] ?? 'operator',
        status: next(10) === 0 ? 'pending' : 'active',
        performance: next(4) === 0 ? null : (400 + next(601)) / 10,
        presentToday: next(3) === 0,
      }));
      const rest = {
        trainingCompletion: next(2) ? 12.5 : null,
        safetyCompliance: null,
        firstAttempts: { total: 9, passed: next(10) },
      };
      const inputs = inputsOf(members);
      const stats = teamStats({ ...inputs, scores: inputs.scores.reverse(), ...rest });
      expect(stats).toEqual(previousStats(members, rest));
    }
  });

  it('takes the mean of one-decimal scores exactly, half up', () => {
    const stats = teamStats({
      heads: [{ role: 'operator', active: 2, present: 0 }],
      scores: [80.1, 80.2],
      trainingCompletion: null,
      safetyCompliance: null,
      firstAttempts: { total: 0, passed: 0 },
    });
    expect(stats.performanceMetrics.averagePerformance).toBe(80.2);
  });

  it('has no rates without anyone to measure', () => {
    const stats = teamStats({
      heads: [],
      scores: [],
      trainingCompletion: null,
      safetyCompliance: null,
      firstAttempts: { total: 0, passed: 0 },
    });
    expect(stats.attendanceRate).toBeNull();
    expect(stats.performanceMetrics.averagePerformance).toBeNull();
    expect(stats.performanceMetrics.efficiencyRating).toBeNull();
  });

  it('takes safety compliance from the SOPs tagged safety only', () => {
    const tags = new Map([
      [1, ['Food Safety']],
      [2, ['Kitchen']],
      [3, ['safety', 'Kitchen']],
    ]);
    const rows = [
      { documentId: 1, total: 4, passed: 3 },
      { documentId: 2, total: 10, passed: 0 },
      { documentId: 3, total: 4, passed: 4 },
    ];
    expect(safetyCompliance(rows, tags)).toBe(87.5);
    expect(safetyCompliance([{ documentId: 2, total: 3, passed: 3 }], tags)).toBeNull();
  });

  it('recognises safety tags by the word', () => {
    expect(isSafetyTag('Safety & Compliance')).toBe(true);
    expect(isSafetyTag('food safety')).toBe(true);
    expect(isSafetyTag('Unsafety')).toBe(false);
    expect(percent(1, 3)).toBe(33.3);
  });
});
