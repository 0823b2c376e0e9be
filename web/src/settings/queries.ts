import {
  type ApiTokenList,
  type OrganizationSettings,
  type SavedPreferences,
  type ScimTokenList,
  type UserSessions,
  WEBHOOK_DELIVERY_PAGE,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookList,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

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

/**
 * An endpoint's delivery log, of one status when asked. The whole log's key is the start of each
 * status's, so what refreshes the log (a replay, a test event) refreshes every one.
 */
export const webhookDeliveriesQuery = (id: number, status?: WebhookDeliveryStatus) =>
  infiniteQueryOptions({
    queryKey: [api.webhookDeliveries.path, id, 'pages', ...(status ? [status] : [])],
    queryFn: async ({ signal, client, pageParam }): Promise<WebhookDeliveryList> => {
      // The endpoints are read with each reading of the log's newest page: an endpoint disabled
      // (or enabled again) since shows so in its row as its deliveries do, never "Enabled" beside
      // a log of "endpoint disabled". A failed reading of the list leaves it as it was.
      const [deliveries] = await Promise.all([
        call(api.webhookDeliveries, {
          params: { id },
          query: { limit: WEBHOOK_DELIVERY_PAGE, status, cursor: pageParam },
          signal,
        }),
        // Several logs open read the list once at a time.
        pageParam === undefined &&
          client.refetchQueries(
            { queryKey: webhooksQuery.queryKey, exact: true },
            { cancelRefetch: false },
          ),
      ]);
      return deliveries;
    },
    ...cursorPaging,
    // Deliveries are retried in the background: the log follows them while it is open (each
    // page loaded read again, the next ones after the cursors the pages before answer now).
    refetchInterval: 3000,
  });
