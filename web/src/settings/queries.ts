import { api, type ScimTokenList, type UserPreferences, type UserSessions } from '@hub/proto';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const preferencesQuery = queryOptions({
  queryKey: [api.userPreferences.path],
  queryFn: ({ signal }): Promise<UserPreferences> => call(api.userPreferences, { signal }),
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
