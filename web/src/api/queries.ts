import {
  type DashboardStats,
  Health,
  type OrganizationChoicePage,
  type OrganizationLookup,
  type RecentActivity,
  type User,
} from '@hub/proto';
import { api } from './routes';
import { queryOptions } from '@tanstack/react-query';
import { ORGANIZATION_CHOICES } from '../admin/queries';
import { ApiError, call, isApiError, readBody } from './client';

const FIVE_MINUTES = 300_000;
const TEN_MINUTES = 600_000;

/**
 * The signed-in user, or null when the server answers 401 (signed out). Asked even when the
 * browser says it is offline, so a missing network fails at once and the shell can show what
 * was kept for offline reading (OfflineShell); a failure is not asked again by every page that
 * reads the user as it mounts, only by the shell's 'Try again'.
 */
export const currentUserQuery = queryOptions({
  queryKey: [api.currentUser.path],
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await call(api.currentUser, { signal });
    } catch (error) {
      if (isApiError(error, 401)) return null;
      throw error;
    }
  },
  networkMode: 'offlineFirst',
  retryOnMount: false,
});

const NO_CHOICES: OrganizationChoicePage = { organizations: [], totalCount: 0, nextCursor: null };

/**
 * Sign-in picker: the caller's own organization, or for the super administrator the first
 * ORGANIZATION_CHOICES matching `search` (as the console's pickers: the platform may hold
 * thousands). Anonymous callers get 401, which means an empty list (spec section 7).
 */
export const organizationChoicesQuery = (search = '') =>
  queryOptions({
    queryKey: [api.organizationChoices.path, 'choices', search],
    queryFn: async ({ signal }): Promise<OrganizationChoicePage> => {
      try {
        return await call(api.organizationChoices, {
          query: { limit: ORGANIZATION_CHOICES, search: search || undefined },
          signal,
        });
      } catch (error) {
        if (isApiError(error, 401)) return NO_CHOICES;
        throw error;
      }
    },
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
  });

/** Any non-success answer means 'Organization not found' and yields null (spec section 7). */
export function organizationByDomainQuery(domain: string) {
  return queryOptions({
    queryKey: [api.organizationByDomain.path, domain],
    queryFn: async ({ signal }): Promise<OrganizationLookup['organization'] | null> => {
      try {
        const answer = await call(api.organizationByDomain, { params: { domain }, signal });
        return answer.organization;
      } catch (error) {
        if (isApiError(error)) return null;
        throw error;
      }
    },
    enabled: domain !== '',
  });
}

export const dashboardStatsQuery = queryOptions({
  queryKey: [api.dashboardStats.path],
  queryFn: ({ signal }): Promise<DashboardStats> => call(api.dashboardStats, { signal }),
});

export const RECENT_ACTIVITY_LIMIT = 10;

export const recentActivityQuery = queryOptions({
  queryKey: [api.recentActivity.path, RECENT_ACTIVITY_LIMIT],
  queryFn: ({ signal }): Promise<RecentActivity> =>
    call(api.recentActivity, { query: { limit: RECENT_ACTIVITY_LIMIT }, signal }),
});

/** GET /api/health: a 503 still carries the components, so both answers are read. */
export const healthQuery = queryOptions({
  queryKey: [api.health.path],
  queryFn: async ({ signal }): Promise<Health> => {
    const response = await fetch(api.health.path, { signal, credentials: 'include' });
    const parsed = Health.safeParse(await readBody(response));
    if (!parsed.success) throw new ApiError(response.status, undefined);
    return parsed.data;
  },
});
