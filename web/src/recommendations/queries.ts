import { type RecommendationList, type RecommendationState } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';

/** Every tab's pages: what a decision or an evaluation makes stale. */
export const recommendationsKey = [api.recommendations.path] as const;

/**
 * One tab's recommendations, a page at a time (the server pages them: thousands at a time),
 * each page after the cursor of the one before, so a card decided meanwhile moves no other.
 */
export const recommendationsQuery = (state: RecommendationState) =>
  infiniteQueryOptions({
    queryKey: [...recommendationsKey, state],
    queryFn: ({ signal, pageParam }): Promise<RecommendationList> =>
      call(api.recommendations, { query: { state, cursor: pageParam }, signal }),
    ...cursorPaging,
  });
