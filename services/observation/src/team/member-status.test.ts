import { describe, expect, it } from 'vitest';
import { memberStatus } from './members.js';

describe('a team member status', () => {
  it('is suspended for someone suspended, accepted or not, before active or pending', () => {
    expect(memberStatus({ isActive: true, suspended: false })).toBe('active');
    expect(memberStatus({ isActive: false, suspended: false })).toBe('pending');
    expect(memberStatus({ isActive: true, suspended: true })).toBe('suspended');
    expect(memberStatus({ isActive: false, suspended: true })).toBe('suspended');
  });
});
