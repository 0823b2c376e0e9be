import { ROLES } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { mayOpen, type PagePath } from '../access/pageAccess';
import { quickActionsFor } from './quickActions';

const targets = (role: Parameters<typeof quickActionsFor>[0]) =>
  quickActionsFor(role).map((action) => action.to);

describe("the Hub's Quick Actions", () => {
  it('gives an operator no link to a page outside their access', () => {
    expect(mayOpen('insights', 'operator')).toBe(false);
    expect(targets('operator')).not.toContain('/insights');
    expect(targets('operator')).toEqual(['/training', '/certifications']);
  });

  it('gives a manager every action, Generate Reports included', () => {
    expect(targets('manager')).toEqual(['/training', '/insights', '/certifications']);
  });

  it('never offers a role a page the page-access table keeps it out of', () => {
    for (const role of ROLES)
      for (const to of targets(role)) expect(mayOpen(to.slice(1) as PagePath, role), to).toBe(true);
  });

  it('offers nothing before the role is known', () => {
    expect(quickActionsFor(undefined)).toEqual([]);
  });
});
