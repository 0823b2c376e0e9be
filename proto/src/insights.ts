import { z } from 'zod';
import { ObservationCompletedText } from './dashboard.js';
import { FINDING_CATEGORIES, FINDING_SEVERITIES } from './observations.js';

/**
 * Insights compare the last 30 days with the 30 days before ('from last month'). A figure is
 * null while no record feeds it, and a change is null when either period has no figure.
 */
export const INSIGHTS_PERIOD_DAYS = 30;

export const INSIGHTS_ACTIVITY_KINDS = [
  'observation_completed',
  'observation_started',
  'finding_recorded',
  'course_completed',
  'course_enrolled',
] as const;

/**
 * What an activity line says, as a code of the web app's catalog (insights.activity.*) and its
 * parts, as the Hub's WorkEventText: names and titles as written, the score in percent, a
 * finding's severity and category as their codes. A course's person is null when identity has
 * no name for the id (a member deleted since): the web app words that in its reader's language.
 */
export const InsightsActivityText = z.discriminatedUnion('key', [
  ObservationCompletedText,
  z.object({
    key: z.literal('observationStarted'),
    params: z.object({ person: z.string(), subject: z.string(), observer: z.string() }),
  }),
  z.object({
    key: z.literal('findingRecorded'),
    params: z.object({
      severity: z.enum(FINDING_SEVERITIES),
      category: z.enum(FINDING_CATEGORIES),
      subject: z.string(),
      person: z.string(),
    }),
  }),
  z.object({
    key: z.literal('courseCompleted'),
    params: z.object({ person: z.string().nullable(), course: z.string() }),
  }),
  z.object({
    key: z.literal('courseEnrolled'),
    params: z.object({ person: z.string().nullable(), course: z.string() }),
  }),
]);
export type InsightsActivityText = z.infer<typeof InsightsActivityText>;

export const InsightsActivity = z.object({
  /** Unique across kinds, e.g. 'observation_completed:12'. */
  id: z.string(),
  kind: z.enum(INSIGHTS_ACTIVITY_KINDS),
  /** English, for API clients and logs; the web app words `text` in its reader's language. */
  title: z.string(),
  detail: z.string(),
  text: InsightsActivityText,
  occurredAt: z.string(),
  /** The page that shows the record behind the line, when there is one. */
  link: z.string().nullable(),
});
export type InsightsActivity = z.infer<typeof InsightsActivity>;

export const GOAL_KINDS = ['course_due', 'certification_expiring'] as const;

/**
 * What a goal says, as a code of the web app's catalog (insights.goals.*) and its parts; its
 * date is the goal's `dueAt` (a course's due day, a certification's expiry).
 */
export const UpcomingGoalText = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('courseDue'),
    params: z.object({
      course: z.string(),
      enrolled: z.number().int(),
      completed: z.number().int(),
    }),
  }),
  z.object({
    key: z.literal('certificationExpiring'),
    params: z.object({ holder: z.string(), title: z.string() }),
  }),
]);
export type UpcomingGoalText = z.infer<typeof UpcomingGoalText>;

export const UpcomingGoal = z.object({
  id: z.string(),
  kind: z.enum(GOAL_KINDS),
  /** English, for API clients and logs; the web app words `text` in its reader's language. */
  title: z.string(),
  detail: z.string(),
  text: UpcomingGoalText,
  dueAt: z.string(),
  /** Percent done (enrolled people who completed the course), null when nobody is enrolled. */
  progress: z.number().nullable(),
  link: z.string().nullable(),
});
export type UpcomingGoal = z.infer<typeof UpcomingGoal>;

/** The Observation Center's figures. Cameras count the cameras assigned to the organization. */
export const ObservationCenter = z.object({
  activeObservations: z.number().int(),
  completedToday: z.number().int(),
  /** Unresolved findings of the organization's observations. */
  alerts: z.number().int(),
  cameras: z.number().int(),
});
export type ObservationCenter = z.infer<typeof ObservationCenter>;

/** The spec's Insights stats, each with its change against the previous period, plus the lists. */
export const InsightsStats = z.object({
  /** Mean score of observations completed in the period (percent). */
  performanceScore: z.number().nullable(),
  /** Percentage points against the previous period. */
  performanceChange: z.number().nullable(),
  /** People who signed in during the period. */
  activeUsers: z.number().int(),
  /** Percent change against the previous period. */
  userChange: z.number().nullable(),
  /** Share of course enrolments completed (percent), now. */
  completionRate: z.number().nullable(),
  /** Percentage points against the rate at the start of the period. */
  completionChange: z.number().nullable(),
  /** Report exports generated in the period. */
  reportsGenerated: z.number().int(),
  /** Percent change against the previous period. */
  reportsChange: z.number().nullable(),
  recentActivity: z.array(InsightsActivity),
  upcomingGoals: z.array(UpcomingGoal),
  observationCenter: ObservationCenter,
});
export type InsightsStats = z.infer<typeof InsightsStats>;

/** The observation service's part; identity adds the people figures, integration the cameras. */
export const ObservationInsights = InsightsStats.omit({
  activeUsers: true,
  userChange: true,
  observationCenter: true,
}).extend({ observationCenter: ObservationCenter.omit({ cameras: true }) });
export type ObservationInsights = z.infer<typeof ObservationInsights>;

export const ActiveUsers = z.object({
  activeUsers: z.number().int(),
  userChange: z.number().nullable(),
});
export type ActiveUsers = z.infer<typeof ActiveUsers>;

/** Camera assignments of the organization (of every organization for the super administrator). */
export const CameraCount = z.object({ cameras: z.number().int() });
export type CameraCount = z.infer<typeof CameraCount>;

/** Observations per page (one query, one chunk) of the history CSV (about 200 bytes each). */
export const OBSERVATION_HISTORY_CSV_BATCH_ROWS = 10_000;

/** The CSV exports counted as Insights' reports generated: every CSV a person downloads. */
export const REPORT_KINDS = ['observation_history', 'skills_matrix'] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;
