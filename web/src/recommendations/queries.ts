import { type RecommendationList, type RecommendationState } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** Every page of every tab: what a decision or an evaluation makes stale. */
export const recommendationsKey = [api.recommendations.path] as const;

/** One page of one tab's recommendations (the server pages them: thousands at a time). */
export const recommendationsQuery = (state: RecommendationState, page: number) =>
  queryOptions({
    queryKey: [...recommendationsKey, state, page],
    queryFn: ({ signal }): Promise<RecommendationList> =>
      call(api.recommendations, { query: { state, page }, signal }),
  });
