import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A query shown on the page (an enabled observer: the invalidation asks it again), asked for the
 * first time, whose answer has not come yet. A query nobody shows is left to its fetch: a
 * `fetchQuery` awaiting it would be rejected, and nothing would ask it again.
 */
const shownFirstAnswerOnItsWay = (query: Query): boolean =>
  query.isActive() && query.state.data === undefined && query.state.fetchStatus === 'fetching';

/**
 * Refetches the shown queries under each key after a change. A query whose first answer is still
 * on its way is asked again: that answer may have been read before the change (a search typed
 * while a deletion was being sent), and `invalidateQueries` alone reuses such a fetch, since it
 * cancels only the fetches of queries that already hold data.
 */
export async function refreshQueries(
  queryClient: QueryClient,
  ...queryKeys: readonly QueryKey[]
): Promise<void> {
  await Promise.all(
    queryKeys.map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey, predicate: shownFirstAnswerOnItsWay });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}
