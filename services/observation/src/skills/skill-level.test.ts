import { describe, expect, it } from 'vitest';
import { isGap, skillLevel } from './skill-level.js';

const now = new Date('2026-06-15T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);
const passed = { status: 'completed', passed: true } as const;
const failed = { status: 'completed', passed: false } as const;
const running = { status: 'in_progress', passed: null } as const;
const held = (expiresInDays: number, revoked = false) => ({
  expiresAt: days(expiresInDays),
  revokedAt: revoked ? days(-1) : null,
});

describe('skill levels', () => {
  it('is not trained without observations or certification', () => {
    expect(skillLevel(null, null, now)).toBe('not_trained');
  });

  it('is in training while an attempt runs or after a failed one', () => {
    expect(skillLevel(running, null, now)).toBe('in_training');
    expect(skillLevel(failed, null, now)).toBe('in_training');
  });

  it('is certified with a certification in force, whatever a later attempt did', () => {
    expect(skillLevel(passed, held(200), now)).toBe('certified');
    expect(skillLevel(failed, held(200), now)).toBe('certified');
    expect(skillLevel(running, held(200), now)).toBe('certified');
  });

  it('is expiring within 30 days of the expiry, expired from the expiry on', () => {
    expect(skillLevel(passed, held(30), now)).toBe('expiring');
    expect(skillLevel(passed, held(31), now)).toBe('certified');
    expect(skillLevel(passed, held(0), now)).toBe('expired');
    expect(skillLevel(passed, held(-10), now)).toBe('expired');
    expect(skillLevel(null, held(-10), now)).toBe('expired');
  });

  it('is back in training when a lapsed holder tries again or the certification was revoked', () => {
    expect(skillLevel(running, held(-10), now)).toBe('in_training');
    expect(skillLevel(failed, held(-10), now)).toBe('in_training');
    expect(skillLevel(passed, held(200, true), now)).toBe('in_training');
    expect(skillLevel(null, held(200, true), now)).toBe('in_training');
  });

  it('needs re-observation while a certification in force awaits one, a gap where required', () => {
    const waiting = { ...held(200), needsReobservation: true };
    expect(skillLevel(passed, waiting, now)).toBe('needs_reobservation');
    expect(skillLevel(running, { ...held(10), needsReobservation: true }, now)).toBe(
      'needs_reobservation',
    );
    // Lapsed or revoked: the usual levels (a pass is needed anyway).
    expect(skillLevel(passed, { ...held(-1), needsReobservation: true }, now)).toBe('expired');
    expect(skillLevel(passed, { ...held(200, true), needsReobservation: true }, now)).toBe(
      'in_training',
    );
    expect(isGap('needs_reobservation', true)).toBe(true);
    expect(isGap('needs_reobservation', false)).toBe(false);
  });

  it('counts a gap only where the SOP is required and not held in force', () => {
    expect(isGap('not_trained', true)).toBe(true);
    expect(isGap('in_training', true)).toBe(true);
    expect(isGap('expired', true)).toBe(true);
    expect(isGap('expiring', true)).toBe(false);
    expect(isGap('certified', true)).toBe(false);
    expect(isGap('not_trained', false)).toBe(false);
  });
});
