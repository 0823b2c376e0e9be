import { describe, expect, it } from 'vitest';
import type { Actor } from '@hub/proto';
import { SkillsMatrixQuery } from '@hub/proto';
import { selectPeople } from './skills-matrix.service.js';
import type { Member } from '../team/members.js';

const person = (id: number, name: string, role: Member['role']) =>
  ({ id, name, email: `${name.toLowerCase()}@x.test`, role, isActive: true }) as Member;

const everyone = [
  person(1, 'Otto', 'operator'),
  person(2, 'Olga', 'operator'),
  person(3, 'Sue', 'training_supervisor'),
];
const actor = (userId: number, role: Actor['role']): Actor => ({ userId, organizationId: 1, role });

describe('skills matrix rows', () => {
  it('gives an operator his own row only, whatever he searches or filters', () => {
    const query = SkillsMatrixQuery.parse({});
    expect(selectPeople(everyone, actor(1, 'operator'), query, null).map((p) => p.id)).toEqual([1]);
    const searching = SkillsMatrixQuery.parse({ search: 'olga' });
    expect(selectPeople(everyone, actor(1, 'operator'), searching, null)).toEqual([]);
  });

  it('gives staff everyone', () => {
    const query = SkillsMatrixQuery.parse({});
    expect(
      selectPeople(everyone, actor(3, 'training_supervisor'), query, null).map((p) => p.id),
    ).toEqual([2, 1, 3]);
  });
});
