import { ROLES, type Role } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { linkTargets, navigationFor, navTestId, NAVIGATION, type NavEntry } from './navigation';

const topLabels = (role: Role) => navigationFor(role).map((entry) => entry.label);

describe('navigationFor', () => {
  it('shows everything to the super administrator', () => {
    expect(topLabels('super_admin')).toEqual([
      'Admin Dashboard',
      'Hub',
      'Operations',
      'Library',
      'Training',
      'Equipment',
    ]);
    expect(linkTargets(navigationFor('super_admin'))).toEqual(linkTargets(NAVIGATION));
  });

  it('gives admins and training supervisors all but the admin dashboard', () => {
    for (const role of ['admin', 'training_supervisor'] as const) {
      expect(topLabels(role)).toEqual(['Hub', 'Operations', 'Library', 'Training', 'Equipment']);
    }
  });

  it('hides Equipment from managers', () => {
    expect(topLabels('manager')).toEqual(['Hub', 'Operations', 'Library', 'Training']);
  });

  it('leaves operators Hub and Training: Operations and its Insights are for staff (spec section 6)', () => {
    expect(linkTargets(navigationFor('operator'))).toEqual(['/dashboard', '/training']);
    expect(topLabels('operator')).toEqual(['Hub', 'Training']);
  });

  it('keeps the five Insights pages and Team Overview under Operations', () => {
    const operations = navigationFor('manager').find((entry) => entry.label === 'Operations');
    expect(operations && linkTargets([operations])).toEqual([
      '/insights/certifications',
      '/insights/job-functions',
      '/insights/observations',
      '/insights/skills-matrix',
      '/insights/progress',
      '/team',
    ]);
  });

  it('drops a group whose children are all hidden', () => {
    const entries: NavEntry[] = [
      {
        kind: 'group',
        id: '/g',
        label: 'Library',
        roles: ROLES,
        children: [{ kind: 'link', label: 'Documents', to: '/l', roles: ['admin'] }],
      },
    ];
    expect(navigationFor('operator', entries)).toEqual([]);
    expect(navigationFor('admin', entries)).toHaveLength(1);
  });
});

it('derives test ids from paths', () => {
  expect(navTestId('/insights/skills-matrix')).toBe('nav-insights-skills-matrix');
});
