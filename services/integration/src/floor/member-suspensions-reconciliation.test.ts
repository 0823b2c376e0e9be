import { describe, expect, it } from 'vitest';
import type { identityRpc, RpcAnswer } from '@hub/proto';
import {
  MemberSuspensionsReconciliation,
  type ReconciliationTiming,
} from './member-suspensions-reconciliation.js';
import type { MembershipChange } from './member-suspensions.repository.js';

type Page = RpcAnswer<typeof identityRpc.suspendedMembers>;
const FAST: ReconciliationTiming = { firstRetryMs: 1, maxRetryMs: 4 };

const suspended = (userId: number): Page[number] => ({
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
        const answer = answers.shift() ?? [];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

function record() {
  const recorded: MembershipChange[] = [];
  return {
    recorded,
    suspensions: { record: async (c: MembershipChange) => void recorded.push(c) },
  };
}

describe('reconciling the suspension record with identity', () => {
  it('records every page of the suspended with their instant, paged by id', async () => {
    const full = Array.from({ length: 1000 }, (_, n) => suspended(n + 1));
    const { rpc, asked } = identity([full, [suspended(2001)]]);
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

  it('retries in the background while identity is away, without holding the start', async () => {
    const away = new Error('The identity service did not answer in time.');
    const { rpc, asked } = identity([away, away, [suspended(5)]]);
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
