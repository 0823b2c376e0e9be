import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import { PageCursor, PageInfo } from './paging.js';
import { TextParams } from './text-params.js';

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

/**
 * What a recommendation says, as a catalog key and its parts, so a client writes it in its
 * reader's language (web: recommendations.texts.<key>: title, description, action). A rule may
 * have more than one text ('evaluation_draft', 'evaluation_missing'). Keys are never renamed.
 */
export const RECOMMENDATION_TEXT_KEYS = [
  'certification_expiring_unscheduled',
  'sop_reobservation_needed',
  'sop_pass_rate_below_mark',
  'question_missed_by_most',
  'supervisor_idle',
  'supervisor_never_observed',
  'evaluation_draft',
  'evaluation_missing',
  'document_processing_failed',
  'video_operators_unidentified',
] as const;
export type RecommendationTextKey = (typeof RECOMMENDATION_TEXT_KEYS)[number];
export const RecommendationText = z.object({
  key: z.enum(RECOMMENDATION_TEXT_KEYS),
  params: TextParams,
});
export type RecommendationText = z.infer<typeof RecommendationText>;

/** An evidence row's fixed label, by which a client words it (web: recommendations.evidence). */
export const EVIDENCE_LABELS = [
  'holder',
  'certification',
  'expires',
  'sop',
  'average_score',
  'pass_mark',
  'passed',
  'question',
  'missed_by',
  'supervisor',
  'last_observation',
  'evaluation',
  'document',
  'error',
] as const;
/** An evidence value's wording (web: recommendations.values), its parts in the text's params. */
export const EVIDENCE_VALUES = [
  'date',
  'percent',
  'count_of',
  'people_of',
  'never',
  'draft',
  'none',
  'reobservation_since',
  'identified_of',
] as const;

/**
 * One row or figure behind a recommendation; `href` opens the row it names. `label` and `value`
 * are the English words (and names, titles as they are); `labelKey` and `valueText`, when set,
 * let a client word them itself. Rows stored before they existed have neither.
 */
export const RecommendationEvidence = z.object({
  label: z.string(),
  value: z.string().nullable(),
  href: z.string().nullable(),
  labelKey: z.enum(EVIDENCE_LABELS).optional(),
  valueText: z.object({ key: z.enum(EVIDENCE_VALUES), params: TextParams }).optional(),
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
  /** In English, as the rules wrote them; `text` is the same in words any client can render. */
  title: z.string(),
  description: z.string(),
  evidence: z.array(RecommendationEvidence),
  action: RecommendationAction,
  /** Null for a recommendation stored before texts had keys (decided ones keep their words). */
  text: RecommendationText.nullable(),
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

/**
 * Recommendations a page: one per certification to renew made ~7,500 at 100,000 people, every
 * one answered and drawn at once.
 */
export const RECOMMENDATIONS_PAGE_SIZE = 50;

/**
 * One page of the organization's recommendations (of `state` when asked, else of every state:
 * active first), with the spec's four figures and how many each state holds (the tabs).
 * Keyset-paged (see paging.ts): within a state, by priority (High first), then newest first,
 * decided ones by when they were decided. The key of a row never changes while it keeps its
 * state and priority, so a recommendation decided or added while someone pages moves no other
 * row from one page to another. `totalCount` counts the rows of the state asked (of all when
 * none is).
 */
export const RecommendationList = PageInfo.extend({
  recommendations: z.array(Recommendation),
  figures: RecommendationFigures,
  /** When the rules last ran for the organization. */
  evaluatedAt: z.string().nullable(),
  counts: z.object({
    active: z.number().int(),
    implemented: z.number().int(),
    dismissed: z.number().int(),
  }),
});
export type RecommendationList = z.infer<typeof RecommendationList>;

/** The state asked (none: every state) and the `nextCursor` of the page before, if any. */
export const RecommendationListQuery = z.object({
  state: z.enum(RECOMMENDATION_STATES).optional(),
  cursor: PageCursor.optional(),
});
export type RecommendationListQuery = z.infer<typeof RecommendationListQuery>;

export const RECOMMENDATION_NOT_FOUND = ERROR_TEXTS.recommendation_not_found;
export const RECOMMENDATION_ALREADY_DECIDED = ERROR_TEXTS.recommendation_decided;
