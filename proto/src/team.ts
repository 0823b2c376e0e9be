import { z } from 'zod';
import { Certification } from './certifications.js';
import { COURSE_STATUSES, TeamMember } from './observations.js';

/** Spec: top performers are above 90% performance. */
export const TOP_PERFORMER_ABOVE = 90;
/** Performance is the mean observation score over this many days. */
export const PERFORMANCE_WINDOW_DAYS = 90;

export const DepartmentBreakdown = z.object({
  admin: z.number().int(),
  training_supervisor: z.number().int(),
  manager: z.number().int(),
  operator: z.number().int(),
});

/** Percents; null while there is nothing to measure. */
export const PerformanceMetrics = z.object({
  averagePerformance: z.number().nullable(),
  trainingCompletion: z.number().nullable(),
  safetyCompliance: z.number().nullable(),
  efficiencyRating: z.number().nullable(),
});
export type PerformanceMetrics = z.infer<typeof PerformanceMetrics>;

export const TeamStats = z.object({
  totalMembers: z.number().int(),
  presentToday: z.number().int(),
  attendanceRate: z.number().nullable(),
  absentCount: z.number().int(),
  topPerformers: z.number().int(),
  departmentBreakdown: DepartmentBreakdown,
  performanceMetrics: PerformanceMetrics,
});
export type TeamStats = z.infer<typeof TeamStats>;

export const MemberObservation = z.object({
  id: z.number().int(),
  title: z.string(),
  observerName: z.string(),
  status: z.enum(['in_progress', 'completed']),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});

export const MemberCourse = z.object({
  courseId: z.number().int(),
  title: z.string(),
  status: z.enum(COURSE_STATUSES),
  progress: z.number(),
  completedAt: z.string().nullable(),
});

export const MemberVideo = z.object({
  videoId: z.number().int(),
  title: z.string(),
  recordedAt: z.string(),
  secondsSeen: z.number(),
  firstSeenAt: z.number(),
});

export const TeamMemberDetail = z.object({
  member: TeamMember,
  certifications: z.array(Certification),
  observations: z.array(MemberObservation),
  courses: z.array(MemberCourse),
  videos: z.array(MemberVideo),
});
export type TeamMemberDetail = z.infer<typeof TeamMemberDetail>;
