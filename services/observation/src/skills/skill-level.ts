import type { SkillLevel } from '@hub/proto';
import { certificationState } from '../certifications/certification-rules.js';

export interface LatestObservation {
  status: 'in_progress' | 'completed';
  passed: boolean | null;
}

export interface HeldCertification {
  expiresAt: Date;
  revokedAt: Date | null;
  /** A safety-relevant change of the SOP since the last pass asks for a new observation. */
  needsReobservation?: boolean;
}

/**
 * The level of one person on one SOP. The certification is the one source of "certified": a
 * pass always issues or renews it, and only it knows expiry and revocation. Without one in force,
 * the latest observation decides: an attempt under way or failed is training; a pass whose
 * certification lapsed is expired; a revoked certification means training again. A certification
 * in force waiting for a re-observation reads as such, whatever its expiry.
 */
export function skillLevel(
  latest: LatestObservation | null,
  certification: HeldCertification | null,
  now: Date,
): SkillLevel {
  const state = certification ? certificationState(certification, now) : null;
  const inForce = state === 'active' || state === 'expiring_soon';
  if (inForce && certification?.needsReobservation) return 'needs_reobservation';
  if (state === 'active') return 'certified';
  if (state === 'expiring_soon') return 'expiring';
  if (state === 'expired' && (latest === null || latest.passed === true)) return 'expired';
  if (latest === null && state === null) return 'not_trained';
  return 'in_training';
}

/** A required SOP the person does not hold in force (or must be observed on again). */
export function isGap(level: SkillLevel, required: boolean): boolean {
  return required && level !== 'certified' && level !== 'expiring';
}
