import type { RouteAccess } from './http.js';
import { SUPER_ADMIN_ONLY } from './roles.js';

/**
 * A third-party web app (its pages and its own JSON API) that the gateway mounts under a path
 * prefix. Its routes are the app's own, so they cannot be rows of the route table; the mount is
 * declared here instead, and the gateway checks every request below the prefix with the same
 * code as the table's routes (session from the cookie, role, requests from other sites).
 */
export interface MountContract {
  prefix: string;
  summary: string;
  access: Exclude<RouteAccess, 'public'>;
}

export const mounts = {
  queueDashboard: {
    prefix: '/admin/queues',
    summary:
      'The BullMQ queue dashboard (bull-board): every queue of the product, its jobs by state, failed jobs kept and retryable',
    access: SUPER_ADMIN_ONLY,
  },
} as const satisfies Record<string, MountContract>;
