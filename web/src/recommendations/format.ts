import type { Recommendation, RecommendationPriority, RecommendationState } from '@hub/proto';
import type { BadgeTone } from '../ui/Badge';

export const PRIORITY_TONES: Record<RecommendationPriority, BadgeTone> = {
  High: 'red',
  Medium: 'amber',
  Low: 'blue',
};

export const STATE_TABS: { state: RecommendationState; label: string }[] = [
  { state: 'active', label: 'Active' },
  { state: 'implemented', label: 'Implemented' },
  { state: 'dismissed', label: 'Dismissed' },
];

export function inState(
  recommendations: readonly Recommendation[],
  state: RecommendationState,
): Recommendation[] {
  return recommendations.filter((recommendation) => recommendation.state === state);
}

/** '8.7', or '—' when there is nothing to score yet. */
export function impactText(score: number | null): string {
  return score === null ? '—' : score.toFixed(1);
}

/** 'Dismissed by Ann Admin' (the date is added by the caller, in the user's format). */
export function decisionText(recommendation: Recommendation): string | null {
  if (recommendation.state === 'active' || !recommendation.decidedBy) return null;
  const verb = recommendation.state === 'implemented' ? 'Implemented' : 'Dismissed';
  return `${verb} by ${recommendation.decidedBy.name || 'someone'}`;
}
