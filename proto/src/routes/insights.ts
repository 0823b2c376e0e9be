import { STAFF_ROLES } from '../roles.js';
import { z } from 'zod';
import { defineRoute } from '../http.js';
import { insightsRpc } from '../rpc/insights.js';
import {
  CertificationInsightsPage,
  ObservationInsightsPage,
  ObservationInsightsQuery,
  ProgressInsightsPage,
} from '../insight-pages.js';
import { InsightsStats } from '../insights.js';

export const insightsRoutes = {
  insightsStats: defineRoute({
    method: 'GET',
    path: '/api/stats/insights',
    summary:
      'Insights of your organization (platform-wide for the super administrator): figures against last month, recent activity, upcoming goals, the Observation Center',
    tag: 'insights',
    access: STAFF_ROLES,
    response: InsightsStats,
  }),
  observationHistoryCsv: defineRoute({
    method: 'GET',
    path: '/api/reports/observations.csv',
    summary: 'Observation history as CSV, streamed row by row (memory stays flat)',
    tag: 'insights',
    access: STAFF_ROLES,
    // text/csv, streamed: not JSON
    response: z.string(),
  }),
  insightsObservations: defineRoute({
    method: 'GET',
    path: '/api/insights/observations',
    summary:
      'Observations over the last 12 weeks: weekly trend, pass rate by SOP and by observer, most-missed questions, and the observations behind them (filters: documentId, observerId, questionId)',
    tag: 'insights',
    access: STAFF_ROLES,
    query: ObservationInsightsQuery,
    response: ObservationInsightsPage,
    relay: { rpc: insightsRpc.observationPage, request: ({ actor, query }) => ({ actor, query }) },
  }),
  insightsCertifications: defineRoute({
    method: 'GET',
    path: '/api/insights/certifications',
    summary: 'Certifications issued, expiring and overdue by month (9 months back, 2 ahead)',
    tag: 'insights',
    access: STAFF_ROLES,
    response: CertificationInsightsPage,
    relay: { rpc: insightsRpc.certificationPage, request: ({ actor }) => ({ actor }) },
  }),
  insightsProgress: defineRoute({
    method: 'GET',
    path: '/api/insights/progress',
    summary: 'Course progress by course and by person (those furthest behind first)',
    tag: 'insights',
    access: STAFF_ROLES,
    response: ProgressInsightsPage,
    relay: { rpc: insightsRpc.progressPage, request: ({ actor }) => ({ actor }) },
  }),
} as const;
