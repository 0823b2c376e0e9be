import { describe, expect, it } from 'vitest';
import { observableCandidate } from './observable.js';

const members = [
  { id: 1, role: 'operator', isActive: true },
  { id: 2, role: 'training_supervisor', isActive: true },
  { id: 3, role: 'manager', isActive: true },
  { id: 4, role: 'operator', isActive: false },
];

describe('who may be observed', () => {
  it('takes active operators and training supervisors', () => {
    expect(observableCandidate(members, { userId: 3 }, 1)?.id).toBe(1);
    expect(observableCandidate(members, { userId: 3 }, 2)?.id).toBe(2);
    expect(observableCandidate(members, { userId: 1 }, 3)).toBeNull();
    expect(observableCandidate(members, { userId: 1 }, 4)).toBeNull();
    expect(observableCandidate(members, { userId: 1 }, 99)).toBeNull();
  });

  it('refuses the observer himself', () => {
    expect(observableCandidate(members, { userId: 2 }, 2)).toBeNull();
  });
});
