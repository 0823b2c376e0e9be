import { expect } from 'vitest';
import { identityRpc, type RpcAnswer, type RpcContract } from '@hub/proto';

export type IdentityMember = RpcAnswer<typeof identityRpc.membersByIds>[number];

/** One call the code under test made to identity. */
export interface IdentityCall {
  contract: RpcContract;
  userIds?: number[];
}

export interface CountingIdentityOptions {
  /** The organization's people are 1 to `people`; anyone above is not one of them. */
  people: number;
  /** People who left the organization since: identity no longer answers for them. */
  gone?: readonly number[];
  suspended?: readonly number[];
  /** People invited who have not accepted yet (not active). */
  pending?: readonly number[];
}

export interface CountingIdentity {
  /** Stands in for the RpcClient (cast to it): answers `members` and `membersByIds` alone. */
  rpc: { call(contract: RpcContract, request: { userIds?: number[] }): Promise<IdentityMember[]> };
  /** Every call in order; empty it (`asked.length = 0`) to count from there on. */
  asked: IdentityCall[];
  /**
   * The people asked about, sorted (someone asked twice is listed twice), once every call is
   * seen to have named its people in batches: asking for the whole organization fails here.
   */
  everyoneAsked(): number[];
}

/** `membersByIds` takes at most this many people a call (its request's schema). */
const BATCH = 1000;

/**
 * Identity for a test of code that must ask about the people it holds alone, however large the
 * organization: whole-organization `members` is answered (so a regression passes everything but
 * the counting), and every call is kept for `everyoneAsked`. Person n is named `P<n>`.
 */
export function countingIdentity(options: CountingIdentityOptions): CountingIdentity {
  const asked: IdentityCall[] = [];
  const member = memberOf(options);
  const known = (id: number) => id <= options.people && !options.gone?.includes(id);
  const call = (contract: RpcContract, request: { userIds?: number[] }) => {
    asked.push({ contract, userIds: request.userIds });
    if (contract === identityRpc.members) {
      return Promise.resolve(
        Array.from({ length: options.people }, (_, index) => member(index + 1)),
      );
    }
    if (contract !== identityRpc.membersByIds) return Promise.reject(new Error('unexpected call'));
    return Promise.resolve((request.userIds ?? []).filter(known).map(member));
  };
  const everyoneAsked = () => {
    const otherCalls = asked.filter((one) => one.contract !== identityRpc.membersByIds);
    expect(otherCalls.map((one) => one.contract.pattern)).toEqual([]);
    for (const one of asked) expect(one.userIds!.length).toBeLessThanOrEqual(BATCH);
    return asked.flatMap((one) => one.userIds!).sort((a, b) => a - b);
  };
  return { rpc: { call }, asked, everyoneAsked };
}

const memberOf =
  ({ suspended = [], pending = [] }: CountingIdentityOptions) =>
  (id: number): IdentityMember => ({
    id,
    name: `P${id}`,
    email: `p${id}@acme.example`,
    role: 'operator',
    isActive: !pending.includes(id),
    suspended: suspended.includes(id),
    profilePicture: null,
  });
