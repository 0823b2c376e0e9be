import { describe, expect, it } from 'vitest';
import type { RpcClient } from '@hub/kit';
import type { identityRpc, RpcRequest } from '@hub/proto';
import { ActiveMembership } from './active-membership.js';

type Request = RpcRequest<typeof identityRpc.activeMemberCounts>;

/** Identity as activeMemberCounts answers: active people per organization, a version each. */
class FakeIdentity {
  readonly requests: Request[] = [];
  private readonly active = new Map<number, Set<number>>();
  private readonly versions = new Map<number, number>();
  private next = 1;

  /** The organization's active people become `ids` (a new version). */
  setActive(organizationId: number, ids: number[]) {
    this.active.set(organizationId, new Set(ids));
    this.versions.set(organizationId, this.next++);
  }

  call(_contract: unknown, request: Request) {
    this.requests.push(request);
    const version = String(this.versions.get(request.organizationId) ?? 0);
    const active = this.active.get(request.organizationId) ?? new Set();
    const stale = request.membershipVersion !== undefined && request.membershipVersion !== version;
    return Promise.resolve({
      roles: [{ role: 'operator', active: active.size, present: 0 }],
      notActive: stale ? [] : request.observedIds.filter((id) => !active.has(id)),
      membershipVersion: version,
      stale,
    });
  }
}

function fixture() {
  const identity = new FakeIdentity();
  const membership = new ActiveMembership(identity as unknown as RpcClient);
  const checks = {
    counts: (organizationId: number, presentIds: number[], observedIds: number[]) =>
      membership.counts(organizationId, Promise.resolve(presentIds), Promise.resolve(observedIds)),
  };
  return { identity, membership, checks };
}

const sent = (request: Request | undefined) => [
  request?.membershipVersion ?? null,
  request?.observedIds,
];

describe('ActiveMembership', () => {
  it('sends only the observed ids not asked about while the version holds', async () => {
    const { identity, checks } = fixture();
    identity.setActive(1, [1, 2, 3]);
    expect((await checks.counts(1, [2], [1, 2, 4])).notActive).toEqual([4]);
    expect(sent(identity.requests[0])).toEqual([null, [1, 2, 4]]);
    expect((await checks.counts(1, [2], [1, 2, 4])).notActive).toEqual([4]);
    expect(sent(identity.requests[1])).toEqual(['1', []]);
    // One newly observed, one no longer: only the new one is asked about.
    expect((await checks.counts(1, [], [2, 4, 5])).notActive).toEqual([4, 5]);
    expect(identity.requests.slice(2).map(sent)).toEqual([
      ['1', []],
      ['1', [5]],
    ]);
    expect(identity.requests).toHaveLength(4);
  });

  it('asks for the head counts before the observed ids are known, with verdicts kept', async () => {
    const { identity, membership } = fixture();
    identity.setActive(1, [1, 2]);
    await membership.counts(1, Promise.resolve([]), Promise.resolve([1, 3]));
    let observed: (ids: number[]) => void = () => undefined;
    const answer = membership.counts(
      1,
      Promise.resolve([2]),
      new Promise<number[]>((resolve) => (observed = resolve)),
    );
    await expect.poll(() => identity.requests.length).toBe(2);
    expect(identity.requests[1]).toMatchObject({ presentIds: [2], observedIds: [] });
    observed([1, 3]);
    expect((await answer).notActive).toEqual([3]);
    expect(identity.requests).toHaveLength(2);
  });

  it('asks about every id again once the active people changed', async () => {
    const { identity, checks } = fixture();
    identity.setActive(1, [1, 2, 3]);
    await checks.counts(1, [], [1, 2, 3]);
    identity.setActive(1, [1, 3]);
    const answer = await checks.counts(1, [], [1, 2, 3]);
    expect(answer).toEqual({
      roles: [{ role: 'operator', active: 2, present: 0 }],
      notActive: [2],
    });
    expect(identity.requests.map(sent)).toEqual([
      [null, [1, 2, 3]],
      ['1', []],
      [null, [1, 2, 3]],
    ]);
    // Back again (reactivated): counted again, at the newest version.
    identity.setActive(1, [1, 2, 3]);
    expect((await checks.counts(1, [], [1, 2, 3])).notActive).toEqual([]);
    expect((await checks.counts(1, [], [1, 2, 3])).notActive).toEqual([]);
    expect(sent(identity.requests.at(-1))).toEqual(['3', []]);
  });

  it('keeps each organization apart', async () => {
    const { identity, checks } = fixture();
    identity.setActive(1, [1]);
    identity.setActive(2, [2]);
    expect((await checks.counts(1, [], [1, 2])).notActive).toEqual([2]);
    expect((await checks.counts(2, [], [1, 2])).notActive).toEqual([1]);
    expect((await checks.counts(1, [], [1, 2])).notActive).toEqual([2]);
    expect(identity.requests.map((request) => request.observedIds)).toEqual([[1, 2], [1, 2], []]);
  });

  it('forgets the people who left the window, not the verdicts a call waiting reads', async () => {
    const { identity, checks } = fixture();
    const many = Array.from({ length: 3_000 }, (_, i) => i + 1);
    const notActive = [...many.slice(0, 10), ...many.slice(2_000, 2_010)];
    identity.setActive(
      1,
      many.filter((id) => !notActive.includes(id)),
    );
    await checks.counts(1, [], many);
    // Two calls at once: one of only the first ten people (the kept ids shrink), one of all.
    const [few, all] = await Promise.all([
      checks.counts(1, [], many.slice(0, 10)),
      checks.counts(1, [], many),
    ]);
    expect(few.notActive).toEqual(many.slice(0, 10));
    expect(all.notActive).toEqual(notActive);
    // The shrunk verdicts ask about the others again.
    await checks.counts(1, [], many.slice(0, 20));
    expect(sent(identity.requests.at(-1))).toEqual([String(1), many.slice(10, 20)]);
  });
});
