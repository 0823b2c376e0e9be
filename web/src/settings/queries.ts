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
    queryFn: ({ signal }): Promise<WebhookDeliveryList> =>
      call(api.webhookDeliveries, { params: { id }, signal }),
    // Deliveries are retried in the background: the log follows them while it is open.
    refetchInterval: 3000,
  });
