import { Health } from '../health.js';
import { defineRoute } from '../http.js';

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'State of the gateway, each service, PostgreSQL and Redis (503 when any is down)',
    tag: 'system',
    access: 'public',
    response: Health,
  }),
} as const;
