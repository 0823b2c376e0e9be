import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';

export const RECOMMENDATION_CATEGORIES = [
  'Efficiency Improvements',
  'Safety Enhancements',
  'Cost Optimization',
  'Quality Upgrades',
] as const;
export type RecommendationCategory = (typeof RECOMMENDATION_CATEGORIES)[number];

export const RECOMMENDATION_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type RecommendationPriority = (typeof RECOMMENDATION_PRIORITIES)[number];

export const RECOMMENDATION_STATES = ['active', 'implemented', 'dismissed'] as const;
export type RecommendationState = (typeof RECOMMENDATION_STATES)[number];

/** The rules of the engine; each names one condition in the organization's data. */
export const RECOMMENDATION_RULES = [
  'certification_expiring_unscheduled',
  'sop_reobservation_needed',
  'sop_pass_rate_below_mark',
  'question_missed_by_most',
  'supervisor_without_observations',
  'sop_without_published_evaluation',
  'video_operators_unidentified',
  'document_processing_failed',
] as const;
export type RecommendationRule = (typeof RECOMMENDATION_RULES)[number];

/** One row or figure behind a recommendation; `href` opens the row it names. */
export const RecommendationEvidence = z.object({
  label: z.string(),
  value: z.string().nullable(),
  href: z.string().nullable(),
});
export type RecommendationEvidence = z.infer<typeof RecommendationEvidence>;

/** A link to the page where the recommendation is carried out. */
export const RecommendationAction = z.object({ label: z.string(), href: z.string() });
export type RecommendationAction = z.infer<typeof RecommendationAction>;

export const Recommendation = z.object({
  id: z.number().int(),
  rule: z.enum(RECOMMENDATION_RULES),
  category: z.enum(RECOMMENDATION_CATEGORIES),
  priority: z.enum(RECOMMENDATION_PRIORITIES),
  title: z.string(),
  description: z.string(),
  evidence: z.array(RecommendationEvidence),
  action: RecommendationAction,
  state: z.enum(RECOMMENDATION_STATES),
  /** Who implemented or dismissed it, and when; null while active. */
  decidedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Recommendation = z.infer<typeof Recommendation>;

/**
 * The page's four figures. impactScore (0-10, one decimal; null when there is nothing to
 * score) = 10 x implemented weight / (implemented weight + active weight), where the weights
 * are High 3, Medium 2, Low 1 and "implemented" counts this quarter's only: how much of what
 * the engine recommended this quarter has been acted on, the important ones counting more.
 */
export const RecommendationFigures = z.object({
  active: z.number().int(),
  implementedThisQuarter: z.number().int(),
  highPriority: z.number().int(),
  impactScore: z.number().nullable(),
});
export type RecommendationFigures = z.infer<typeof RecommendationFigures>;

export const RECOMMENDATION_WEIGHTS: Record<RecommendationPriority, number> = {
  High: 3,
  Medium: 2,
  Low: 1,
};

export const RecommendationList = z.object({
  recommendations: z.array(Recommendation),
  figures: RecommendationFigures,
  /** When the rules last ran for the organization. */
  evaluatedAt: z.string().nullable(),
});
export type RecommendationList = z.infer<typeof RecommendationList>;

export const RecommendationListQuery = z.object({
  state: z.enum(RECOMMENDATION_STATES).optional(),
});
export type RecommendationListQuery = z.infer<typeof RecommendationListQuery>;

export const RECOMMENDATION_NOT_FOUND = ERROR_TEXTS.recommendation_not_found;
export const RECOMMENDATION_ALREADY_DECIDED = ERROR_TEXTS.recommendation_decided;
