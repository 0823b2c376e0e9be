import {
  type AdminOrganizationPage,
  type AdminOverview,
  type GlobalPrompts,
  type OrganizationPage,
  type UserPage,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { RECENT_USERS_LIMIT } from './adminText';
import { refreshQueries } from '../api/refresh';

/** Users load 50 at a time in the data panel. */
export const USER_PAGE_SIZE = 50;
/** Organizations load 50 at a time in the console's list and the data panel. */
export const ORGANIZATION_PAGE_SIZE = 50;
/** How many organizations a picker lists: the newest; typing narrows them on the server. */
export const ORGANIZATION_CHOICES = 50;

export const adminOverviewQuery = queryOptions({
  queryKey: [api.adminOverview.path],
  queryFn: ({ signal }): Promise<AdminOverview> => call(api.adminOverview, { signal }),
});

/**
 * The console's organizations, 50 a page, newest first, or those whose name, display name or
 * domain holds `search`: the platform may hold thousands, so never all of them at once.
 */
export const adminOrganizationsQuery = (search = '') =>
  infiniteQueryOptions({
    queryKey: [api.adminOrganizations.path, 'pages', search],
    queryFn: ({ signal, pageParam }): Promise<AdminOrganizationPage> =>
      call(api.adminOrganizations, {
        query: { limit: ORGANIZATION_PAGE_SIZE, cursor: pageParam, search: search || undefined },
        signal,
      }),
    ...cursorPaging,
  });

/** The organizations a picker offers: the first ORGANIZATION_CHOICES matching what is typed. */
export const organizationChoicesQuery = (search = '') =>
  queryOptions({
    queryKey: [api.adminOrganizations.path, 'choices', search],
    queryFn: ({ signal }): Promise<AdminOrganizationPage> =>
      call(api.adminOrganizations, {
        query: { limit: ORGANIZATION_CHOICES, search: search || undefined },
        signal,
      }),
  });

/**
 * The console's Recent Users, or the users whose name or email holds `search`: the first ten are
 * all it shows.
 */
export const adminUsersQuery = (search = '') =>
  queryOptions({
    queryKey: [api.adminUsers.path, search],
    queryFn: ({ signal }): Promise<UserPage> =>
      call(api.adminUsers, {
        query: { limit: RECENT_USERS_LIMIT, search: search || undefined },
        signal,
      }),
  });

export const promptsQuery = queryOptions({
  queryKey: [api.prompts.path],
  queryFn: ({ signal }): Promise<GlobalPrompts> => call(api.prompts, { signal }),
});

export const dataPanelUsersQuery = infiniteQueryOptions({
  queryKey: [api.dataPanelUsers.path, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<UserPage> =>
    call(api.dataPanelUsers, { query: { limit: USER_PAGE_SIZE, cursor: pageParam }, signal }),
  ...cursorPaging,
});

export const dataPanelOrganizationsQuery = infiniteQueryOptions({
  queryKey: [api.dataPanelOrganizations.path, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<OrganizationPage> =>
    call(api.dataPanelOrganizations, {
      query: { limit: ORGANIZATION_PAGE_SIZE, cursor: pageParam },
      signal,
    }),
  ...cursorPaging,
});

/** After an organization or user changes: every list and figure that counts them. */
export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await refreshQueries(
    queryClient,
    adminOverviewQuery.queryKey,
    [api.adminOrganizations.path],
    [api.adminUsers.path],
  );
  // The data panel and the Hub figures refetch when they are next shown.
  queryClient.removeQueries({ queryKey: [api.dataPanelUsers.path] });
  queryClient.removeQueries({ queryKey: [api.dataPanelOrganizations.path] });
  queryClient.removeQueries({ queryKey: [api.dashboardStats.path] });
}
