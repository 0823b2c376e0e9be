import {
  type CertificationInsightsPage,
  type InsightsStats,
  type ObservationInsightsPage,
  type ObservationInsightsQuery,
  type ProgressInsightsPage,
} from '@hub/proto';
import { api } from '../api/routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export function observationInsightsQuery(query: ObservationInsightsQuery) {
  return queryOptions({
    queryKey: [api.insightsObservations.path, query],
    queryFn: ({ signal }): Promise<ObservationInsightsPage> =>
      call(api.insightsObservations, { query, signal }),
    // Choosing another figure keeps the charts on screen while its rows arrive.
    placeholderData: keepPreviousData,
  });
}

export const certificationInsightsQuery = queryOptions({
  queryKey: [api.insightsCertifications.path],
  queryFn: ({ signal }): Promise<CertificationInsightsPage> =>
    call(api.insightsCertifications, { signal }),
});

export const progressInsightsQuery = queryOptions({
  queryKey: [api.insightsProgress.path],
  queryFn: ({ signal }): Promise<ProgressInsightsPage> => call(api.insightsProgress, { signal }),
});

export const insightsQuery = queryOptions({
  queryKey: [api.insightsStats.path],
  queryFn: ({ signal }): Promise<InsightsStats> => call(api.insightsStats, { signal }),
});
