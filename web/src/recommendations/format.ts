import type { Recommendation, RecommendationPriority, RecommendationState } from '@hub/proto';
import { formatDecimal } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import type { BadgeTone } from '../ui/Badge';

export const PRIORITY_TONES: Record<RecommendationPriority, BadgeTone> = {
  High: 'red',
  Medium: 'amber',
  Low: 'blue',
};

/** The tabs in order; each one's label is the catalog's `recommendations.tabs.<state>`. */
export const STATE_TABS: readonly RecommendationState[] = ['active', 'implemented', 'dismissed'];

/** '8.7', or '—' when there is nothing to score yet. */
export function impactText(score: number | null): string {
  return score === null ? '—' : formatDecimal(score, 1);
}

/** 'Dismissed by Ann Admin' (the date is added by the caller, in the user's format). */
export function decisionText(recommendation: Recommendation): string | null {
  if (recommendation.state === 'active' || !recommendation.decidedBy) return null;
  const name = recommendation.decidedBy.name || i18n.t('recommendations.someone');
  return recommendation.state === 'implemented'
    ? i18n.t('recommendations.implementedBy', { name })
    : i18n.t('recommendations.dismissedBy', { name });
}
