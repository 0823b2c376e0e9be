import { describe, expect, it } from 'vitest';
import type { identityRpc, RpcAnswer } from '@hub/proto';
import {
  MemberSuspensionsReconciliation,
  type ReconciliationTiming,
} from './member-suspensions-reconciliation.js';
import type { MembershipChange, SuspendedKey } from './member-suspensions.repository.js';

type Page = RpcAnswer<typeof identityRpc.suspendedMembers>;
const FAST: ReconciliationTiming = { firstRetryMs: 1, maxRetryMs: 4 };

type Member = Page['members'][number];
const AS_OF = '2026-12-05T12:00:00.000Z';
const page = (members: Member[], asOf = AS_OF): Page => ({ asOf, members });

const suspended = (userId: number): Member => ({
  organizationId: 1,
  userId,
  suspendedAt: '2026-12-01T10:00:00.000Z',
});

/** Identity as the reconciliation asks it: `answers` in turn, an Error thrown. */
function identity(answers: (Page | Error)[]) {
  const asked: unknown[] = [];
  return {
    asked,
    rpc: {
      call: async (_contract: unknown, request: unknown) => {
        asked.push(request);
        const answer = answers.shift() ?? page([]);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

function record() {
  const recorded: MembershipChange[] = [];
  const cleared: { asOf: string; listed: SuspendedKey[] }[] = [];
  return {
    recorded,
    cleared,
    suspensions: {
      record: async (c: MembershipChange) => void recorded.push(c),
      restoreUnlisted: async (asOf: string, listed: SuspendedKey[]) =>
        cleared.push({ asOf, listed }),
    },
  };
}

describe('reconciling the suspension record with identity', () => {
  it('records every page of the suspended with their instant, paged by id', async () => {
    const full = Array.from({ length: 1000 }, (_, n) => suspended(n + 1));
    const { rpc, asked } = identity([
      page(full),
      page([suspended(2001)], '2026-12-05T12:00:01.000Z'),
    ]);
    const { recorded, suspensions } = record();
    const reconciliation = new MemberSuspensionsReconciliation(rpc as never, suspensions, FAST);
    expect(await reconciliation.reconcile()).toBe(1001);
    expect(asked).toEqual([
      { afterId: 0, limit: 1000 },
      { afterId: 1000, limit: 1000 },
    ]);
    expect(recorded.at(-1)).toEqual({
      type: 'member.suspended',
      organizationId: 1,
      userId: 2001,
      at: '2026-12-01T10:00:00.000Z',
    });
  });

  it("after a complete pass, restores at the first page's instant whoever it did not list", async () => {
    const full = Array.from({ length: 1000 }, (_, n) => suspended(n + 1));
    const { rpc } = identity([page(full), page([suspended(2001)], '2026-12-05T12:00:01.000Z')]);
    const { cleared, suspensions } = record();
    const reconciliation = new MemberSuspensionsReconciliation(rpc as never, suspensions, FAST);
    await reconciliation.reconcile();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.asOf).toBe(AS_OF);
    expect(cleared[0]!.listed).toHaveLength(1001);
    expect(cleared[0]!.listed.at(-1)).toEqual({ organizationId: 1, userId: 2001 });
  });

  it('restores nobody after a pass left incomplete (identity away midway, or stopped)', async () => {
    const full = Array.from({ length: 1000 }, (_, n) => suspended(n + 1));
    const { rpc } = identity([page(full), new Error('away')]);
    const { cleared, suspensions } = record();
    const reconciliation = new MemberSuspensionsReconciliation(rpc as never, suspensions, FAST);
    await expect(reconciliation.reconcile()).rejects.toThrow('away');
    expect(cleared).toEqual([]);
  });

  it('retries in the background while identity is away, without holding the start', async () => {
    const away = new Error('The identity service did not answer in time.');
    const { rpc, asked } = identity([away, away, page([suspended(5)])]);
    const { recorded, suspensions } = record();
    const reconciliation = new MemberSuspensionsReconciliation(rpc as never, suspensions, FAST);
    reconciliation.start();
    expect(recorded).toEqual([]);
    await reconciliation.done;
    expect(asked).toHaveLength(3);
    expect(recorded.map((change) => change.userId)).toEqual([5]);
  });

  it('stops retrying when stopped', async () => {
    const away = new Error('away');
    const { rpc, asked } = identity(Array.from({ length: 100 }, () => away));
    const { suspensions } = record();
    const slow = { firstRetryMs: 60_000, maxRetryMs: 60_000 };
    const reconciliation = new MemberSuspensionsReconciliation(rpc as never, suspensions, slow);
    reconciliation.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await reconciliation.stop();
    expect(asked).toHaveLength(1);
  });
});
