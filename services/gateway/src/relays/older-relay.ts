import type { PageRequest, RelayedCall, RouteContract, RouteRelay } from '@hub/proto';
import {
  decodeCursor,
  isUnknownPattern,
  pageOf,
  RpcCallError,
  RpcFailure,
  type RpcClient,
  toFailure,
} from '@hub/kit';

export type RelayedRoute = RouteContract & { relay: RouteRelay };

/**
 * The route's RPC, its answer passed on as it came; when the pod that took it is of the previous
 * release and does not know the pattern, the route's older one (`relay.older`), its answer made
 * into this release's.
 */
export async function relayOrOlder(
  rpc: Pick<RpcClient, 'call' | 'relay'>,
  route: RelayedRoute,
  call: RelayedCall,
): Promise<unknown> {
  const { relay } = route;
  try {
    return await rpc.relay(relay.rpc, relay.request(call) as never, relay.timeoutMs);
  } catch (error) {
    if (!relay.older || !isUnknownPattern(error, relay.rpc.pattern)) throw error;
    const answer = await rpc.call(relay.older.rpc, relay.older.request(call), relay.timeoutMs);
    return pageOfWholeList(olderListItems(route), answer as Row[], call.query as PageRequest);
  }
}

/**
 * Where a route whose older pattern answered a whole list puts the page's rows (its `paged`
 * items); thrown at start-up for a route that is not paged, whose answer would have no page.
 */
export function olderListItems(route: RelayedRoute): string {
  const items = route.paged?.items;
  if (route.relay.older && !items)
    throw new Error(`${route.method} ${route.path}: an older whole list needs a paged route`);
  return items ?? '';
}

interface Row {
  id: number;
}

/**
 * The page the service would answer of the same rows: by id, after the cursor's, the cursor of
 * its last row when more follow (paging.ts, encoded as the service encodes it).
 */
function pageOfWholeList(items: string, whole: Row[], page: PageRequest) {
  const after = cursorId(page.cursor);
  const rows = whole
    .filter((row) => after === undefined || row.id > after)
    .sort((a, b) => a.id - b.id)
    .slice(0, page.limit + 1);
  const { rows: kept, nextCursor } = pageOf(rows, page.limit, (row) => [String(row.id)]);
  return { [items]: kept, totalCount: whole.length, nextCursor };
}

/** The id a cursor names; one that is not the list's is refused as the service refuses it. */
function cursorId(cursor: string | undefined): number | undefined {
  try {
    const key = decodeCursor(cursor, ['id']);
    return key ? Number(key[0]) : undefined;
  } catch (error) {
    if (error instanceof RpcFailure) throw new RpcCallError(toFailure(error.getError()));
    throw error;
  }
}
