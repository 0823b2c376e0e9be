import { describe, expect, it } from 'vitest';
import { observableCandidate } from './observable.js';

const members = [
  { id: 1, role: 'operator', isActive: true, suspended: false },
  { id: 2, role: 'training_supervisor', isActive: true, suspended: false },
  { id: 3, role: 'manager', isActive: true, suspended: false },
  { id: 4, role: 'operator', isActive: false, suspended: false },
  { id: 5, role: 'operator', isActive: true, suspended: true },
  { id: 6, role: 'training_supervisor', isActive: true, suspended: true },
];

describe('who may be observed', () => {
  it('takes active operators and training supervisors', () => {
    expect(observableCandidate(members, { userId: 3 }, 1)?.id).toBe(1);
    expect(observableCandidate(members, { userId: 3 }, 2)?.id).toBe(2);
    expect(observableCandidate(members, { userId: 1 }, 3)).toBeNull();
    expect(observableCandidate(members, { userId: 1 }, 4)).toBeNull();
    expect(observableCandidate(members, { userId: 1 }, 99)).toBeNull();
  });

  it('refuses someone suspended, even of an observed role and having accepted', () => {
    expect(observableCandidate(members, { userId: 3 }, 5)).toBeNull();
    expect(observableCandidate(members, { userId: 3 }, 6)).toBeNull();
  });

  it('refuses the observer himself', () => {
    expect(observableCandidate(members, { userId: 2 }, 2)).toBeNull();
  });
});
