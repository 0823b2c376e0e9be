import { DashboardStats, RecentActivity } from '../dashboard.js';
import { defineRoute } from '../http.js';
import { ALL_ROLES } from '../roles.js';
import { z } from 'zod';

export const statsRoutes = {
  dashboardStats: defineRoute({
    method: 'GET',
    path: '/api/stats/dashboard',
    summary: 'Hub figures of the caller’s organization (platform-wide for the super administrator)',
    tag: 'stats',
    access: ALL_ROLES,
    response: DashboardStats,
  }),
  recentActivity: defineRoute({
    method: 'GET',
    path: '/api/activity/recent',
    summary:
      'Latest sign-ins (one line per person and day) and work of the caller’s organization (platform-wide for the super administrator)',
    tag: 'stats',
    access: ALL_ROLES,
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: RecentActivity,
  }),
} as const;
