import { describe, expect, it } from 'vitest';
import { barWidth, departmentShares, roleLabel, statusBadge } from './format';

describe('team format', () => {
  it('labels roles as the spec does', () => {
    expect(roleLabel('training_supervisor')).toBe('training supervisor');
    expect(roleLabel('operator')).toBe('operator');
  });

  it('gives each department its share, in the spec order', () => {
    const shares = departmentShares({ admin: 1, training_supervisor: 1, manager: 0, operator: 2 });
    expect(shares.map((row) => [row.label, row.count, row.share])).toEqual([
      ['Administration', 1, 25],
      ['Training Supervisors', 1, 25],
      ['Managers', 0, 0],
      ['Operators', 2, 50],
    ]);
    expect(
      departmentShares({ admin: 0, training_supervisor: 0, manager: 0, operator: 0 }).every(
        (row) => row.share === 0,
      ),
    ).toBe(true);
  });

  it('gives each status its own badge and label, suspended apart from active', () => {
    expect(statusBadge('active')).toEqual({ tone: 'green', label: 'active' });
    expect(statusBadge('pending')).toEqual({ tone: 'neutral', label: 'pending' });
    expect(statusBadge('suspended')).toEqual({ tone: 'red', label: 'suspended' });
  });

  it('clamps the performance bar', () => {
    expect(barWidth(null)).toBe(0);
    expect(barWidth(55.5)).toBe(55.5);
    expect(barWidth(120)).toBe(100);
  });
});
