import {
  ALL_ROLES,
  TRAINING_EDITORS,
  ORGANIZATION_ADMINS,
  type Role,
  type RouteEntry,
  STAFF_ROLES,
  SUPER_ADMIN_ONLY,
} from '@hub/proto';
import { api } from '../api/routes.js';

/**
 * How a page refuses a role: the console says 'Access Denied' and goes to the Hub (spec
 * section 6); every other page shows the Access Restricted screen instead of its content, so a
 * refused role never sees a page of failing requests.
 */
export type Refusal = 'access-denied' | 'restricted';

export interface PageAccess {
  roles: readonly Role[];
  refusal: Refusal;
  /** The API routes the page loads on arrival: the server allows each one to every role here. */
  loads: readonly RouteEntry[];
  /** The spec's own wording of the refusal, where it has one (English, as e2e reads it). */
  message?: string;
  /** The same refusal in the catalogs (`access.refusals`), which the page shows. */
  messageKey?: 'integrations';
}

/** The roles every one of the routes allows: a page that loads them is for those roles. */
function allowedBy(...routes: RouteEntry[]): readonly Role[] {
  return ALL_ROLES.filter((role) =>
    routes.every((route) => route.access === 'public' || route.access.includes(role)),
  );
}

function page(loads: RouteEntry[], roles = allowedBy(...loads)): PageAccess {
  return { roles, refusal: 'restricted', loads };
}

const CONSOLE: PageAccess = {
  roles: SUPER_ADMIN_ONLY,
  refusal: 'access-denied',
  loads: [api.adminOverview, api.adminOrganizations, api.adminUsers],
};
const LIBRARY = page([api.documents, api.folders, api.tags]);

/**
 * Who may open each page inside the shell, keyed by its router path: the one table the router
 * gates pages by, the sidebar is checked against, and the access e2e test is generated from.
 * Roles follow from the API routes a page loads where it has any (so the page and the server
 * never disagree), otherwise from the spec's navigation table.
 */
export const PAGE_ACCESS = {
  dashboard: page([api.dashboardStats]),
  admin: CONSOLE,
  'admin-dashboard': CONSOLE,
  'admin/data': { ...CONSOLE, loads: [api.dataPanelUsers, api.dataPanelOrganizations] },
  profile: page([api.currentUser]),
  activity: page([api.notifications, api.notificationSettings, api.activitySummary]),
  library: LIBRARY,
  'library/documents': LIBRARY,
  'library/videos': page([api.videos]),
  'library/documents/$id/evaluation/edit': page([api.documentEvaluation], TRAINING_EDITORS),
  'library/documents/$id/acknowledge': page([api.documentAcknowledgement]),
  'my-sops/$id': page([api.mySop]),
  'library/observations': page([api.observations, api.teamMembers]),
  observation: page([api.observations]),
  'observation/$id': page([api.observation]),
  training: page([api.courses, api.enrollments]),
  'audit-log': page([api.auditLog]),
  insights: page([api.insightsStats]),
  'insights/certifications': page([api.insightsCertifications, api.certifications]),
  'insights/job-functions': page([api.jobFunctions]),
  'insights/observations': page([api.insightsObservations]),
  // The route also answers an operator (their own row, shown on the Training page); the page
  // is for staff, as the spec's sidebar gives it.
  'insights/skills-matrix': page([api.skillsMatrix], STAFF_ROLES),
  'insights/progress': page([api.insightsProgress]),
  team: page([api.teamStats, api.teamMembers]),
  'people-import': page([], ORGANIZATION_ADMINS),
  'team/$id': page([api.teamMember]),
  floor: page([api.floorStats]),
  certifications: page([api.certifications]),
  recommendations: page([api.recommendations]),
  settings: page([api.userPreferences, api.userSessions, api.notificationSettings]),
  integrations: {
    ...page([api.integrations]),
    message: 'Access Restricted: Only Super Administrators can access integrations settings.',
    messageKey: 'integrations',
  },
} as const satisfies Record<string, PageAccess>;

export type PagePath = keyof typeof PAGE_ACCESS;

export function pageAccess(path: PagePath): PageAccess {
  return PAGE_ACCESS[path];
}

export function mayOpen(path: PagePath, role: Role): boolean {
  return PAGE_ACCESS[path].roles.includes(role);
}
