import type { Role, TeamMember } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { isSafetyTag, percent, safetyCompliance, teamStats } from './team-figures.js';

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

describe('team figures', () => {
  it('counts active members, presence, absence and top performers above 90%', () => {
    const stats = teamStats({
      members: [
        member('operator', 95, true),
        member('operator', 90, false),
        member('training_supervisor', 91.5, true),
        member('super_admin', null, false),
        member('admin', null, true),
        member('operator', 100, true, 'pending'),
      ],
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

  it('has no rates without anyone to measure', () => {
    const stats = teamStats({
      members: [],
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
