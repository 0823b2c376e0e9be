import { describe, expect, it } from 'vitest';
import { type Actor, SkillsMatrixQuery } from '@hub/proto';
import { peopleFilter } from './people-filter.js';

const actor = (userId: number, role: Actor['role']): Actor => ({ userId, organizationId: 7, role });

describe('skills matrix rows', () => {
  it('gives an operator his own row only, whatever he searches or filters', () => {
    const own = peopleFilter(actor(1, 'operator'), SkillsMatrixQuery.parse({}), null);
    expect(own).toEqual({
      filter: { organizationId: 7, active: true, suspended: false, userIds: [1] },
      jobFunctionId: undefined,
      narrowed: true,
    });
    const searching = SkillsMatrixQuery.parse({ search: 'olga', jobFunctionId: '3' });
    expect(peopleFilter(actor(1, 'operator'), searching, [2, 5]).filter.userIds).toEqual([]);
    expect(peopleFilter(actor(2, 'operator'), searching, [2, 5]).filter.userIds).toEqual([2]);
  });

  it("gives staff everyone active but the suspended, or the function's members, counted in SQL unless narrowed", () => {
    const staff = actor(3, 'training_supervisor');
    expect(peopleFilter(staff, SkillsMatrixQuery.parse({}), null)).toEqual({
      filter: { organizationId: 7, active: true, suspended: false },
      jobFunctionId: undefined,
      narrowed: false,
    });
    const members = peopleFilter(staff, SkillsMatrixQuery.parse({ jobFunctionId: '4' }), [8, 9]);
    expect(members).toEqual({
      filter: { organizationId: 7, active: true, suspended: false, userIds: [8, 9] },
      jobFunctionId: 4,
      narrowed: false,
    });
    const searched = peopleFilter(
      staff,
      SkillsMatrixQuery.parse({ search: ' Olga ', role: 'operator' }),
      null,
    );
    expect(searched.filter).toEqual({
      organizationId: 7,
      active: true,
      suspended: false,
      search: 'Olga',
      roles: ['operator'],
    });
    expect(searched.narrowed).toBe(true);
  });
});
