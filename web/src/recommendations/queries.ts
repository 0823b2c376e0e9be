import { type RecommendationList } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const recommendationsQuery = queryOptions({
  queryKey: [api.recommendations.path],
  queryFn: ({ signal }): Promise<RecommendationList> =>
    call(api.recommendations, { query: {}, signal }),
});
