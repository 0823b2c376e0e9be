import { z } from 'zod';
import { defineRoute } from '../http.js';
import { INSIGHTS_ROLES, InsightsStats } from '../insights.js';

export const insightsRoutes = {
  insightsStats: defineRoute({
    method: 'GET',
    path: '/api/stats/insights',
    summary:
      'Insights of your organization (platform-wide for the super administrator): figures against last month, recent activity, upcoming goals, the Observation Center',
    tag: 'insights',
    access: INSIGHTS_ROLES,
    response: InsightsStats,
  }),
  observationHistoryCsv: defineRoute({
    method: 'GET',
    path: '/api/reports/observations.csv',
    summary: 'Observation history as CSV, streamed row by row (memory stays flat)',
    tag: 'insights',
    access: INSIGHTS_ROLES,
    // text/csv, streamed: not JSON
    response: z.string(),
  }),
} as const;
