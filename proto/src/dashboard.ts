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

export const RecentActivity = z.object({ events: z.array(ActivityEvent) });
export type RecentActivity = z.infer<typeof RecentActivity>;
