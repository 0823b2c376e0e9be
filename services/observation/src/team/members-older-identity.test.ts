import { describe, expect, it } from 'vitest';
import { identityRpc, type RpcContract } from '@hub/proto';
import { noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import { Members, memberIdsOf } from './members.js';

/** Every id the stand-in identity holds, and the organization's others (for `excluded`). */
const IDS = [3, 5, 8, 13, 21];
const OTHERS = [2, 4, 6, 7, 9];

/**
 * Identity during a rolling upgrade: the new search answers its first page of ids with `more`,
 * but the pod taking the paged patterns is of the previous release, which fails them as
 * unknown and answers the old patterns with every id. Each call recorded.
 */
function olderIdentity(kind: 'listed' | 'excluded' = 'listed') {
  const asked: string[] = [];
  const unknown = new Set<string>([
    identityRpc.memberIdPage.pattern,
    identityRpc.uncountedMemberIdPage.pattern,
    identityRpc.otherMemberIdPage.pattern,
  ]);
  const selection = kind === 'listed' ? IDS : OTHERS;
  const answers = new Map<string, (request: Record<string, unknown>) => unknown>([
    [
      identityRpc.memberIds.pattern,
      ({ userIds }) => (Array.isArray(userIds) ? IDS.filter((id) => userIds.includes(id)) : IDS),
    ],
    [identityRpc.uncountedMemberIds.pattern, () => IDS],
    [
      identityRpc.memberSearch.pattern,
      (request) =>
        request.selectionLimit === undefined
          ? { members: [], total: IDS.length, selection: { kind, userIds: selection } }
          : {
              members: [],
              total: IDS.length,
              selection: { kind, userIds: selection.slice(0, 2), more: true },
            },
    ],
  ]);
  const rpc = {
    call: (contract: RpcContract, request: Record<string, unknown>) => {
      asked.push(contract.pattern);
      if (unknown.has(contract.pattern))
        return Promise.reject(
          new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) }),
        );
      const answer = answers.get(contract.pattern);
      if (!answer) return Promise.reject(new Error(`not answered: ${contract.pattern}`));
      return Promise.resolve(answer(request));
    },
  } as unknown as RpcClient;
  return { rpc, asked };
}

describe("member ids from a previous release's identity pod", () => {
  it('walks the pages of a filter from its whole list, asked once', async () => {
    const { rpc, asked } = olderIdentity();
    await expect(memberIdsOf(rpc, { organizationId: 4 }, 2)).resolves.toEqual(IDS);
    expect(asked.filter((pattern) => pattern === identityRpc.memberIds.pattern)).toHaveLength(1);
  });

  it("answers the people named among the filter's", async () => {
    const { rpc } = olderIdentity();
    const named = await memberIdsOf(rpc, { organizationId: 4, userIds: [21, 3, 4] }, 2);
    expect(named).toEqual([3, 21]);
  });

  it('walks the uncounted people from their whole list', async () => {
    const { rpc } = olderIdentity();
    await expect(new Members(rpc, 2).uncountedIn([4])).resolves.toEqual(IDS);
  });

  it.each(['listed', 'excluded'] as const)(
    "completes a search's %s selection from the whole one",
    async (kind) => {
      const { rpc } = olderIdentity(kind);
      const { selection } = await new Members(rpc, 2).search({ organizationId: 4 }, 0, 0);
      expect(selection).toEqual({ kind, userIds: kind === 'listed' ? IDS : OTHERS });
    },
  );

  it('still fails on any other failure', async () => {
    const rpc = {
      call: () => Promise.reject(new RpcCallError({ kind: 'unavailable', message: 'away' })),
    } as unknown as RpcClient;
    await expect(memberIdsOf(rpc, { organizationId: 4 }, 2)).rejects.toMatchObject({
      failure: { kind: 'unavailable' },
    });
  });
});
