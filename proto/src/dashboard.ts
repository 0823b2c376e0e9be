import { z } from 'zod';

/**
 * Percent figures are null while the data that feeds them does not exist yet
 * (observations, courses): the Hub shows 'No data yet' instead of an invented 0%.
 */
export const PerformanceOverview = z.object({
  attendanceRate: z.number().nullable(),
  performanceScore: z.number().nullable(),
  trainingCompletion: z.number().nullable(),
  monthlyGrowth: z.number().nullable(),
});
export type PerformanceOverview = z.infer<typeof PerformanceOverview>;

export const DashboardStats = z.object({
  organizationName: z.string(),
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  todayLogins: z.number().int(),
  performanceOverview: PerformanceOverview,
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const ACTIVITY_KINDS = ['sign_in'] as const;
export const ActivityEvent = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  method: z.enum(['password', 'saml']),
  /** The person's latest sign-in of that UTC day: one line per person and day. */
  occurredAt: z.string(),
  /** How many times the person signed in that day. */
  signInsThatDay: z.number().int().min(1),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

/** The sign-ins part of the Hub's Recent Activity, as identity answers it. */
export const SignInActivity = z.object({ events: z.array(ActivityEvent) });
export type SignInActivity = z.infer<typeof SignInActivity>;

/** Work the Hub's Recent Activity reports beside sign-ins (issue #35). */
export const WORK_EVENT_KINDS = [
  'observation_completed',
  'certification_issued',
  'certification_expiring',
  'document_processed',
  'video_analysed',
] as const;
/** An observation completed, as the Hub's work events and Insights' activity both tell it. */
export const ObservationCompletedText = z.object({
  key: z.literal('observationCompleted'),
  params: z.object({
    person: z.string(),
    subject: z.string(),
    passed: z.boolean(),
    /** Percent, 0-100. */
    score: z.number(),
    observer: z.string(),
  }),
});

/**
 * What a work event says, as a code of the web app's catalog (hub.work.*) and its parts, so each
 * reader sees it in their own language; dates travel as ISO instants, written out in the
 * reader's zone and date format.
 */
export const WorkEventText = z.discriminatedUnion('key', [
  ObservationCompletedText,
  z.object({
    key: z.literal('certificationIssued'),
    params: z.object({ person: z.string(), subject: z.string() }),
  }),
  z.object({
    key: z.literal('certificationExpiring'),
    params: z.object({ person: z.string(), subject: z.string(), expiresAt: z.iso.datetime() }),
  }),
  z.object({
    key: z.literal('documentProcessed'),
    params: z.object({ title: z.string(), images: z.number().int().min(0) }),
  }),
  z.object({
    key: z.literal('videoAnalysed'),
    params: z.object({
      title: z.string(),
      identified: z.number().int().min(0),
      detected: z.number().int().min(0),
    }),
  }),
]);
export type WorkEventText = z.infer<typeof WorkEventText>;

export const WorkEvent = z.object({
  /** '{kind}:{record id}'. */
  id: z.string(),
  kind: z.enum(WORK_EVENT_KINDS),
  /** English, for API clients and logs (as the floor's alerts); the web app words `text`. */
  title: z.string(),
  detail: z.string(),
  text: WorkEventText,
  /** When it happened; for an expiring certification, when it entered the 30-day window. */
  occurredAt: z.string(),
});
export type WorkEvent = z.infer<typeof WorkEvent>;
export const WorkEvents = z.array(WorkEvent);

/**
 * The Hub's Recent Activity: sign-ins (one line per person and day) and work, each newest
 * first; the page merges them by time.
 */
export const RecentActivity = SignInActivity.extend({ work: WorkEvents });
export type RecentActivity = z.infer<typeof RecentActivity>;
