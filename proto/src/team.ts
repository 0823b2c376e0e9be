import { z } from 'zod';
import { Certification } from './certifications.js';
import { COURSE_STATUSES, TeamMember } from './observations.js';
import { PageInfo, pageQuery } from './paging.js';

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
  /** Seconds of the video in which the person was seen. */
  secondsSeen: z.number(),
  firstSeenAt: z.number(),
});

/**
 * Videos a member appears in, a page: the member's page carries the first with their count, the
 * others come a page at a time (an organization's years of videos may show someone in thousands).
 */
export const MEMBER_VIDEOS_PAGE = 20;

/** A page of the videos a member was identified in, latest recorded first, after the cursor. */
export const MemberVideoPage = PageInfo.extend({ videos: z.array(MemberVideo) });
export type MemberVideoPage = z.infer<typeof MemberVideoPage>;

export const MemberVideoPageQuery = pageQuery(MEMBER_VIDEOS_PAGE, 200);

export const TeamMemberDetail = z.object({
  member: TeamMember,
  certifications: z.array(Certification),
  observations: z.array(MemberObservation),
  courses: z.array(MemberCourse),
  /** The first MEMBER_VIDEOS_PAGE videos they were identified in, latest recorded first. */
  videos: z.array(MemberVideo),
  /** How many videos they were identified in, all pages. */
  videoCount: z.number().int(),
  /** Where the next page of videos starts (teamMemberVideos); null when these are all. */
  videosCursor: z.string().nullable(),
});
export type TeamMemberDetail = z.infer<typeof TeamMemberDetail>;
