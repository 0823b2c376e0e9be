import { describe, expect, it } from 'vitest';
import { teamMember } from './team.service.js';

const person = {
  id: 7,
  name: 'Ana',
  email: 'ana@example.test',
  role: 'operator',
  isActive: true,
  suspended: false,
  profilePicture: null,
};

describe("a team member's present-today flag", () => {
  it('is set for someone signed in or seen today', () => {
    expect(teamMember(person, new Map(), new Set([7])).presentToday).toBe(true);
    expect(teamMember(person, new Map(), new Set([8])).presentToday).toBe(false);
  });

  it('is never set for someone suspended, whatever a camera saw (as the head counts)', () => {
    const suspended = { ...person, suspended: true };
    expect(teamMember(suspended, new Map(), new Set([7])).presentToday).toBe(false);
  });
});
