import {
  type AdminOrganization,
  type AdminOverview,
  type GlobalPrompts,
  type Organization,
  type UserPage,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { RECENT_USERS_LIMIT } from './adminText';

/** Users load 50 at a time in the data panel. */
export const USER_PAGE_SIZE = 50;

export const adminOverviewQuery = queryOptions({
  queryKey: [api.adminOverview.path],
  queryFn: ({ signal }): Promise<AdminOverview> => call(api.adminOverview, { signal }),
});

export const adminOrganizationsQuery = queryOptions({
  queryKey: [api.adminOrganizations.path],
  queryFn: ({ signal }): Promise<AdminOrganization[]> => call(api.adminOrganizations, { signal }),
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

export const dataPanelOrganizationsQuery = queryOptions({
  queryKey: [api.dataPanelOrganizations.path],
  queryFn: ({ signal }): Promise<Organization[]> => call(api.dataPanelOrganizations, { signal }),
});

/** After an organization or user changes: every list and figure that counts them. */
export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [adminOverviewQuery.queryKey, adminOrganizationsQuery.queryKey, [api.adminUsers.path]].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
  // The data panel and the Hub figures refetch when they are next shown.
  queryClient.removeQueries({ queryKey: [api.dataPanelUsers.path] });
  queryClient.removeQueries({ queryKey: dataPanelOrganizationsQuery.queryKey });
  queryClient.removeQueries({ queryKey: [api.dashboardStats.path] });
}
