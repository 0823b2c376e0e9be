import {
  api,
  type AdminOrganization,
  type AdminOverview,
  type GlobalPrompts,
  type Organization,
  type User,
} from '@hub/proto';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export const adminOverviewQuery = queryOptions({
  queryKey: [api.adminOverview.path],
  queryFn: ({ signal }): Promise<AdminOverview> => call(api.adminOverview, { signal }),
});

export const adminOrganizationsQuery = queryOptions({
  queryKey: [api.adminOrganizations.path],
  queryFn: ({ signal }): Promise<AdminOrganization[]> => call(api.adminOrganizations, { signal }),
});

export const adminUsersQuery = queryOptions({
  queryKey: [api.adminUsers.path],
  queryFn: ({ signal }): Promise<User[]> => call(api.adminUsers, { signal }),
});

export const promptsQuery = queryOptions({
  queryKey: [api.prompts.path],
  queryFn: ({ signal }): Promise<GlobalPrompts> => call(api.prompts, { signal }),
});

export const dataPanelUsersQuery = queryOptions({
  queryKey: [api.dataPanelUsers.path],
  queryFn: ({ signal }): Promise<User[]> => call(api.dataPanelUsers, { signal }),
});

export const dataPanelOrganizationsQuery = queryOptions({
  queryKey: [api.dataPanelOrganizations.path],
  queryFn: ({ signal }): Promise<Organization[]> => call(api.dataPanelOrganizations, { signal }),
});

/** After an organization or user changes: every list and figure that counts them. */
export async function refreshAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [adminOverviewQuery, adminOrganizationsQuery, adminUsersQuery].map((query) =>
      queryClient.invalidateQueries({ queryKey: query.queryKey }),
    ),
  );
  // The data panel and the Hub figures refetch when they are next shown.
  queryClient.removeQueries({ queryKey: dataPanelUsersQuery.queryKey });
  queryClient.removeQueries({ queryKey: dataPanelOrganizationsQuery.queryKey });
  queryClient.removeQueries({ queryKey: [api.dashboardStats.path] });
}
