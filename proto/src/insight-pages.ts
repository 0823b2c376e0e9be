import { z } from 'zod';
import { RowId } from './row-id.js';

/**
 * The three chart pages of Insights: observations, certifications and course progress. Each
 * figure carries the ids that lead to the rows behind it.
 */

/** Observations pages read the last 12 weeks, in weekly buckets (weeks start on Monday, UTC). */
export const OBSERVATION_TREND_WEEKS = 12;
/** Certifications: 9 months back, the current month and 2 ahead (what is about to expire). */
export const CERTIFICATION_TREND_MONTHS_BACK = 9;
export const CERTIFICATION_TREND_MONTHS_AHEAD = 2;
/** Rows listed under a chart page's figures. */
export const INSIGHT_ROWS = 50;

export const ObservationInsightsQuery = z.object({
  documentId: RowId.optional(),
  observerId: RowId.optional(),
  /** With documentId: only observations in which this question was answered wrongly. */
  questionId: z.string().trim().min(1).max(100).optional(),
});
export type ObservationInsightsQuery = z.infer<typeof ObservationInsightsQuery>;

export const ObservationTrendPoint = z.object({
  /** Monday of the week, YYYY-MM-DD. */
  week: z.string(),
  completed: z.number().int(),
  passed: z.number().int(),
  /** Mean score of the week's observations, null when none. */
  averageScore: z.number().nullable(),
});

const PassFigures = {
  observations: z.number().int(),
  passed: z.number().int(),
  passRate: z.number(),
  averageScore: z.number(),
};

export const SopPassRate = z.object({
  documentId: z.number().int(),
  title: z.string(),
  ...PassFigures,
});
export const ObserverPassRate = z.object({
  observerId: z.number().int(),
  name: z.string(),
  ...PassFigures,
});

export const MissedQuestion = z.object({
  documentId: z.number().int(),
  sopTitle: z.string(),
  questionId: z.string(),
  text: z.string(),
  answered: z.number().int(),
  missed: z.number().int(),
  /** Percent of the answers that were wrong. */
  missRate: z.number(),
});

/** One completed observation behind the figures (linked to /observation/:id). */
export const InsightObservationRow = z.object({
  id: z.number().int(),
  completedAt: z.string(),
  sop: z.string(),
  operator: z.string(),
  observer: z.string(),
  score: z.number(),
  passed: z.boolean(),
});

export const ObservationInsightsPage = z.object({
  trend: z.array(ObservationTrendPoint),
  bySop: z.array(SopPassRate),
  byObserver: z.array(ObserverPassRate),
  mostMissed: z.array(MissedQuestion),
  /** The latest completed observations of the window, narrowed by the query's filters. */
  rows: z.array(InsightObservationRow),
});
export type ObservationInsightsPage = z.infer<typeof ObservationInsightsPage>;

export const CertificationTrendPoint = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Certifications whose current issue (first or renewal) fell in the month. */
  issued: z.number().int(),
  /** Not revoked, expiry date in the month. */
  expiring: z.number().int(),
  /** Not revoked and expired at the month's end (for months ahead: unless renewed first). */
  overdue: z.number().int(),
});

export const CertificationInsightsPage = z.object({
  months: z.array(CertificationTrendPoint),
});
export type CertificationInsightsPage = z.infer<typeof CertificationInsightsPage>;

export const CourseProgressRow = z.object({
  courseId: z.number().int(),
  title: z.string(),
  dueDate: z.string().nullable(),
  enrolled: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  /** Mean progress of the enrolled people, percent; null when nobody is enrolled. */
  averageProgress: z.number().nullable(),
});

export const PersonProgressRow = z.object({
  userId: z.number().int(),
  /** Null for a member deleted since: the web app words that in its reader's language. */
  name: z.string().nullable(),
  courses: z.number().int(),
  completed: z.number().int(),
  averageProgress: z.number(),
  /** Each enrolment's course and progress, for the row's detail. */
  enrolments: z.array(
    z.object({ courseId: z.number().int(), title: z.string(), progress: z.number() }),
  ),
});

/** People listed on the progress page, those furthest behind first. */
export const PROGRESS_PEOPLE = 100;

export const ProgressInsightsPage = z.object({
  courses: z.array(CourseProgressRow),
  people: z.array(PersonProgressRow),
  /** Enrolled people in all, of whom `people` lists up to PROGRESS_PEOPLE. */
  totalPeople: z.number().int(),
});
export type ProgressInsightsPage = z.infer<typeof ProgressInsightsPage>;
