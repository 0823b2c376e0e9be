import { describe, expect, it } from 'vitest';
import { identityRpc, type MemberFilter, type MemberKey, type RpcContract } from '@hub/proto';
import { noHandlerMessage, RpcCallError, type RpcClient } from '@hub/kit';
import { type Member, Members } from '../team/members.js';
import { FunctionPeople } from './function-people.js';

/** Identity's bound of people named or answered in one message, as in production. */
const BATCH = 1000;
const ACME = 96;
/** Issue #49's organization: every one of its 100,000 people holds the job function. */
const HOLDERS = 100_000;
const PAGE = 50;

/** Identity's collation (case and accents aside), which no JavaScript comparison reproduces. */
const collation = new Intl.Collator('en', { sensitivity: 'base' });
const NAMES = ['adam', 'Bea', 'carl', 'Dora', 'émile', 'Fritz', 'gus', 'Hanna', 'ida', 'Jon'];

const byName = (a: MemberKey, b: MemberKey) => collation.compare(a.name, b.name) || a.id - b.id;

/** 100,000 people, each named by `nameOf` their id; a few pending, a few suspended. */
function peopleNamed(nameOf: (id: number) => string): Member[] {
  return Array.from({ length: HOLDERS }, (_, i) => ({
    id: i + 1,
    name: nameOf(i + 1),
    email: `p${i + 1}@acme.example`,
    role: 'operator',
    isActive: (i + 1) % 11 !== 3,
    suspended: (i + 1) % 13 === 5,
    profilePicture: null,
  }));
}

/** Names repeat (the id breaks ties) and follow no id order: each batch of ids spans the names. */
const MIXED = peopleNamed((id) => {
  const mix = (id * 7919) % 10_007;
  return `${NAMES[mix % NAMES.length]} ${Math.floor(mix / NAMES.length) % 97}`;
});
/** The bench's names ('Person 000001'): each batch of ids a run of the names of its own. */
const IN_ID_ORDER = peopleNamed((id) => `Person ${String(id).padStart(6, '0')}`);

/** The people in identity's order, and where a key falls in it. */
class Order {
  readonly people: Member[];
  private readonly rank: Map<number, number>;
  private readonly byId: Map<number, Member>;

  constructor(people: Member[]) {
    this.people = [...people].sort(byName);
    this.rank = new Map(this.people.map((person, rank) => [person.id, rank]));
    this.byId = new Map(people.map((person) => [person.id, person]));
  }

  rankOf(id: number): number {
    return this.rank.get(id)!;
  }

  person(id: number): Member | undefined {
    return this.byId.get(id);
  }

  /** The number of people before the key (the key's own person not counted). */
  place(key: MemberKey): number {
    const rank = this.rank.get(key.id);
    if (rank !== undefined && this.people[rank]!.name === key.name) return rank;
    let low = 0;
    for (let high = this.people.length; low < high;) {
      const middle = (low + high) >> 1;
      if (byName(this.people[middle]!, key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Whether the key is one of the people. */
  holds(key: MemberKey): boolean {
    return this.byId.get(key.id)?.name === key.name;
  }
}

const holds = (filter: MemberFilter, person: Member) =>
  (filter.active === undefined || person.isActive === filter.active) &&
  (filter.suspended === undefined || person.suspended === filter.suspended) &&
  (filter.search === undefined ||
    `${person.name} ${person.email}`.toLowerCase().includes(filter.search.toLowerCase()));

/**
 * Identity over an Order's people answering memberPage and memberRanks (or, as the previous release's,
 * not memberRanks), each request checked against its contract, every call counted and none
 * naming or answering more than BATCH people.
 */
class PlayedIdentity {
  calls = 0;
  most = 0;
  /** The people answered one at a time (where a deep page is placed) since memberRanks last was. */
  private alone: Member[] = [];

  constructor(
    private readonly order: Order,
    private readonly older = false,
    /** Whether those people leave the filter (suspended) before memberRanks is asked of them. */
    private readonly leaving = false,
  ) {}

  answer(contract: RpcContract, request: unknown): unknown {
    this.calls += 1;
    if (contract === identityRpc.memberPage) {
      const { offset, limit, after, ...filter } = identityRpc.memberPage.request.parse(request);
      const all = this.named(filter);
      const from = after ? this.order.place(after) + (this.order.holds(after) ? 1 : 0) : 0;
      const members = all.filter((person) => this.order.rankOf(person.id) >= from);
      this.note(filter.userIds?.length ?? 0, Math.min(limit, members.length));
      const page = members.slice(offset, offset + limit);
      if (limit === 1) this.alone.push(...page);
      return { members: page, total: all.length };
    }
    if (contract === identityRpc.memberRanks && !this.older) {
      const { keys, ...filter } = identityRpc.memberRanks.request.parse(request);
      if (this.leaving) for (const person of this.alone.splice(0)) person.suspended = true;
      const ranks = this.named(filter).map((person) => this.order.rankOf(person.id));
      this.note(filter.userIds.length, keys.length);
      return keys.map((key) => {
        const place = this.order.place(key);
        return ranks.filter((rank) => rank < place).length;
      });
    }
    throw new RpcCallError({ kind: 'internal', message: noHandlerMessage(contract.pattern) });
  }

  /** The filter's people among those it names, by name. */
  private named(filter: MemberFilter): Member[] {
    return [...new Set(filter.userIds)]
      .map((id) => this.order.person(id))
      .filter((person): person is Member => person !== undefined && holds(filter, person))
      .sort((a, b) => this.order.rankOf(a.id) - this.order.rankOf(b.id));
  }

  private note(...sizes: number[]) {
    this.most = Math.max(this.most, ...sizes);
  }
}

function reads(identity: PlayedIdentity): Members {
  const rpc = {
    call: (contract: RpcContract, request: unknown): Promise<unknown> => {
      try {
        return Promise.resolve(identity.answer(contract, request));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  } as unknown as RpcClient;
  return new Members(rpc, BATCH);
}

/**
 * A deep page of a job function of 100,000 holders (the skills matrix's page 101 or 1,001 of
 * 50 rows): identity's order and totals, as the walk from the first holder answered them, at a
 * bounded number of identity calls whatever the page's depth. The walk read every holder before
 * the page: 1,032 calls at offset 5,000.
 */
describe("a deep page of a 100,000-person job function's holders", () => {
  const holders: MemberFilter = {
    organizationId: ACME,
    active: true,
    suspended: false,
    userIds: MIXED.map((person) => person.id),
  };
  /**
   * Three calls a batch (its total and one person; how many of its people come before those
   * people; its people after where the walk starts) and a few to narrow where the page starts
   * and to order what is read ahead. The walk from the first holder: 1,040 at offset 5,000.
   */
  const bound = 3 * (HOLDERS / BATCH) + 30;
  const mixed = new Order(MIXED);
  const inIdOrder = new Order(IN_ID_ORDER);

  /** The page as identity's order of every holder has it, and the page FunctionPeople answers. */
  async function pageAt(
    order: Order,
    filter: MemberFilter,
    offset: number,
    { older = false, leaving = false } = {},
  ) {
    const identity = new PlayedIdentity(order, older, leaving);
    const page = await new FunctionPeople(reads(identity), filter, BATCH).page(offset, PAGE);
    const want = order.people.filter((person) => holds(filter, person));
    return {
      identity,
      answered: { ids: page.members.map((person) => person.id), total: page.total },
      want: {
        ids: want.slice(offset, offset + PAGE).map((person) => person.id),
        total: want.length,
      },
    };
  }

  it.each([
    ['names spread over the batches', 5_000, mixed],
    ['names spread over the batches', 50_000, mixed],
    ['names spread over the batches', 80_000, mixed],
    ['a run of names a batch', 5_000, inIdOrder],
    ['a run of names a batch', 50_000, inIdOrder],
  ])('answers the page of %s at offset %i', async (_, offset, order) => {
    const { identity, answered, want } = await pageAt(order, holders, offset);
    expect(answered).toEqual(want);
    expect(want.ids).toHaveLength(PAGE);
    expect(identity.calls).toBeLessThanOrEqual(bound);
    expect(identity.most).toBeLessThanOrEqual(BATCH);
  });

  it("answers a search's deep page among the holders", async () => {
    const searched = { ...holders, search: 'n' };
    const { identity, answered, want } = await pageAt(mixed, searched, 5_000);
    expect(answered).toEqual(want);
    expect(want.ids).toHaveLength(PAGE);
    expect(identity.calls).toBeLessThanOrEqual(bound);
  });

  it('answers no one past the last holder', async () => {
    const { identity, answered, want } = await pageAt(mixed, holders, 95_000);
    expect(answered).toEqual({ ids: [], total: want.total });
    expect(identity.calls).toBe(HOLDERS / BATCH);
  });

  it('walks from the first holder where identity does not know memberRanks yet', async () => {
    const { answered, want } = await pageAt(mixed, holders, 2_000, { older: true });
    expect(answered).toEqual(want);
  });

  it.each([
    ['names spread over the batches', MIXED],
    ['a run of names a batch', IN_ID_ORDER],
  ])('answers the page of %s when people it is placed by leave meanwhile', async (_, people) => {
    // Suspended between the call that answered them and memberRanks: counted as still held,
    // the page started one person before the walk from the first holder's.
    const order = new Order(people.map((person) => ({ ...person })));
    const { answered, want } = await pageAt(order, holders, 50_000, { leaving: true });
    expect(answered.ids).toEqual(want.ids);
  });
});
