import {
  type ApiTokenList,
  type OrganizationSettings,
  type SavedPreferences,
  type ScimTokenList,
  type UserSessions,
  type WebhookDeliveryList,
  type WebhookList,
} from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const preferencesQuery = queryOptions({
  queryKey: [api.userPreferences.path],
  queryFn: ({ signal }): Promise<SavedPreferences> => call(api.userPreferences, { signal }),
  staleTime: Infinity,
});

export const sessionsQuery = queryOptions({
  queryKey: [api.userSessions.path],
  queryFn: ({ signal }): Promise<UserSessions> => call(api.userSessions, { signal }),
});

export const scimTokensQuery = queryOptions({
  queryKey: [api.scimTokens.path],
  queryFn: ({ signal }): Promise<ScimTokenList> => call(api.scimTokens, { signal }),
});

/** The organization's settings, which its administrators change in Settings. */
export const organizationSettingsQuery = queryOptions({
  queryKey: [api.organizationSettings.path],
  queryFn: ({ signal }): Promise<OrganizationSettings> =>
    call(api.organizationSettings, { signal }),
});

export const apiTokensQuery = queryOptions({
  queryKey: [api.apiTokens.path],
  queryFn: ({ signal }): Promise<ApiTokenList> => call(api.apiTokens, { signal }),
});

export const webhooksQuery = queryOptions({
  queryKey: [api.webhooks.path],
  queryFn: ({ signal }): Promise<WebhookList> => call(api.webhooks, { signal }),
});

export const webhookDeliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: [api.webhookDeliveries.path, id],
    queryFn: async ({ signal, client }): Promise<WebhookDeliveryList> => {
      // The endpoints are read with each reading of the log: an endpoint disabled (or enabled
      // again) since shows so in its row as its deliveries do, never "Enabled" beside a log of
      // "endpoint disabled". A failed reading of the list leaves it as it was.
      const [deliveries] = await Promise.all([
        call(api.webhookDeliveries, { params: { id }, signal }),
        // Several logs open read the list once at a time.
        client.refetchQueries(
          { queryKey: webhooksQuery.queryKey, exact: true },
          { cancelRefetch: false },
        ),
      ]);
      return deliveries;
    },
    // Deliveries are retried in the background: the log follows them while it is open.
    refetchInterval: 3000,
  });
