import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type Actor,
  errorText,
  identityRpc,
  type MemberFilter,
  type MemberKey,
  Role,
  type RpcAnswer,
  type TeamMember,
} from '@hub/proto';
import { isUnknownPattern, membersByIds, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { observableCandidate } from './observable.js';

export type Member = RpcAnswer<typeof identityRpc.membersByIds>[number];
export type MemberSearch = RpcAnswer<typeof identityRpc.memberSearch>;

/** Ids asked of identity a page at a time: memberIdPage's most (ids answered and asked). */
export const MEMBER_ID_PAGE = 1000;
/** Members' page of ids when not memberIdPage's most (tests walk several pages of a few). */
export const MEMBER_ID_PAGE_SIZE = Symbol('MEMBER_ID_PAGE_SIZE');

/**
 * Every id a filter holds, ascending, asked of identity a bounded page at a time (never every id
 * of 100,000 people in one message): after the last id of the page before, or, when the filter
 * names people (`userIds`), a batch of them a call, whose answer is at most the batch.
 */
export async function memberIdsOf(
  rpc: RpcClient,
  filter: MemberFilter,
  pageSize = MEMBER_ID_PAGE,
): Promise<number[]> {
  const { userIds, ...rest } = filter;
  if (userIds === undefined) return walkIds(rpc, rest, pageSize);
  const unique = [...new Set(userIds)];
  const found: number[] = [];
  for (let start = 0; start < unique.length; start += pageSize) {
    const batch = unique.slice(start, start + pageSize);
    const request = { ...rest, userIds: batch, afterId: 0, limit: batch.length };
    const ask = orWholeList(
      () => rpc.call(identityRpc.memberIdPage, request),
      () => rpc.call(identityRpc.memberIds, { ...rest, userIds: batch }),
      batch.length,
    );
    found.push(...(await ask(0)));
  }
  return found.sort((a, b) => a - b);
}

/** The filter's pages after one another until a shorter one, the last. */
function walkIds(rpc: RpcClient, filter: MemberFilter, limit: number): Promise<number[]> {
  const ask = orWholeList(
    (afterId) => rpc.call(identityRpc.memberIdPage, { ...filter, afterId, limit }),
    () => rpc.call(identityRpc.memberIds, filter),
    limit,
  );
  return walkPages(ask, limit);
}

/** The page of `ids` a keyset page would answer: at most `limit` after `afterId`, ascending. */
export function idPageOf(ids: readonly number[], afterId: number, limit: number): number[] {
  return ids
    .filter((id) => id > afterId)
    .sort((a, b) => a - b)
    .slice(0, limit);
}

/**
 * A walk's page asker that survives a rolling upgrade: once a pod of the previous release
 * answers that it does not know the page's pattern, this page and the walk's next ones are cut
 * from `whole`, the old pattern's answer of every id, asked once for the walk.
 */
export function orWholeList(
  ask: (afterId: number) => Promise<number[]>,
  whole: () => Promise<number[]>,
  limit: number,
): (afterId: number) => Promise<number[]> {
  let every: Promise<number[]> | undefined;
  const cut = async (afterId: number) => idPageOf(await every!, afterId, limit);
  return async (afterId) => {
    if (every) return cut(afterId);
    try {
      return await ask(afterId);
    } catch (error) {
      if (!isUnknownPattern(error)) throw error;
      every ??= whole();
      return cut(afterId);
    }
  };
}

/**
 * Every id of a keyset walk, ascending: each page (of at most `limit`, as `ask` asks) after the
 * last id of the one before, until a shorter page, the last. `afterId` 0: from the first.
 */
export async function walkPages(
  ask: (afterId: number) => Promise<number[]>,
  limit: number,
  afterId = 0,
): Promise<number[]> {
  const found: number[] = [];
  for (let after = afterId; ;) {
    const page = await ask(after);
    found.push(...page);
    const last = page.at(-1);
    if (page.length < limit || last === undefined) return found;
    after = last;
  }
}

/** The spec's departments, by role. */
export const DEPARTMENTS: Record<Role, string> = {
  super_admin: 'Administration',
  admin: 'Administration',
  training_supervisor: 'Training Supervisors',
  manager: 'Managers',
  operator: 'Operators',
};

/** A member's role and the department it puts them in, as every list of people shows them. */
export function roleOf(person: Pick<Member, 'role'>): { role: Role; department: string } {
  const role = Role.parse(person.role);
  return { role, department: DEPARTMENTS[role] };
}

/**
 * A person's status on Team Overview: suspended (by an administrator or SCIM: they keep their
 * account but cannot sign in) whether they had accepted or not, else active once accepted,
 * else pending.
 */
export function memberStatus(person: Pick<Member, 'isActive' | 'suspended'>): TeamMember['status'] {
  if (person.suspended) return 'suspended';
  return person.isActive ? 'active' : 'pending';
}

/** People of the organization, as identity knows them. */
@Injectable()
export class Members {
  constructor(
    @Inject(RPC) private readonly rpc: RpcClient,
    @Optional()
    @Inject(MEMBER_ID_PAGE_SIZE)
    private readonly idPage: number = MEMBER_ID_PAGE,
  ) {}

  /** One page of the filter's people by name, and how many the filter holds. */
  page(filter: MemberFilter, offset: number, limit: number) {
    return this.rpc.call(identityRpc.memberPage, { ...filter, offset, limit });
  }

  /** The page of the filter's people after this one (the first page without it), by name. */
  pageAfter(filter: MemberFilter, after: MemberKey | undefined, limit: number) {
    return this.rpc.call(identityRpc.memberPage, { ...filter, offset: 0, limit, after });
  }

  /**
   * How many of a batch of named people (`userIds`, at most 1,000) the filter holds come before
   * each key by name then id, in identity's collation; null when identity does not know
   * memberRanks yet (a pod of the previous release, during a rolling upgrade).
   */
  async ranks(
    filter: MemberFilter & { userIds: number[] },
    keys: MemberKey[],
  ): Promise<number[] | null> {
    try {
      return await this.rpc.call(identityRpc.memberRanks, { ...filter, keys });
    } catch (error) {
      if (isUnknownPattern(error, identityRpc.memberRanks.pattern)) return null;
      throw error;
    }
  }

  /** The ids of the filter's people, ascending (no names, emails or pictures; memberIdsOf). */
  ids(filter: MemberFilter): Promise<number[]> {
    return filter.userIds?.length === 0
      ? Promise.resolve([])
      : memberIdsOf(this.rpc, filter, this.idPage);
  }

  /**
   * Pending or suspended people of any of the organizations (at most 1,000 of them a call),
   * ascending, a bounded page of them a message.
   */
  uncountedIn(organizationIds: number[]): Promise<number[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    const limit = this.idPage;
    const ask = orWholeList(
      (afterId) =>
        this.rpc.call(identityRpc.uncountedMemberIdPage, { organizationIds, afterId, limit }),
      () => this.rpc.call(identityRpc.uncountedMemberIds, { organizationIds }),
      limit,
    );
    return walkPages(ask, limit);
  }

  /**
   * One page of the filter's people by name, how many it holds, and its selection: its ids, or
   * the organization's other people's when fewer (a broad search). One search in identity, whose
   * selection answers a page of ids; the rest, if any, walked a bounded page a message.
   */
  async search(filter: MemberFilter, offset: number, limit: number): Promise<MemberSearch> {
    if (filter.userIds?.length === 0)
      return { members: [], total: 0, selection: { kind: 'listed', userIds: [] } };
    const selectionLimit = this.idPage;
    const found = await this.rpc.call(identityRpc.memberSearch, {
      ...filter,
      offset,
      limit,
      selectionLimit,
    });
    const { kind, userIds, more } = found.selection;
    const last = userIds.at(-1);
    if (!more || last === undefined) return { ...found, selection: { kind, userIds } };
    // Listed whenever people are named: their ids a batch of them a message (memberIdsOf).
    if (filter.userIds !== undefined)
      return { ...found, selection: { kind, userIds: await this.ids(filter) } };
    const pageAfter = orWholeList(
      (afterId) =>
        this.rpc.call(
          kind === 'listed' ? identityRpc.memberIdPage : identityRpc.otherMemberIdPage,
          {
            ...filter,
            afterId,
            limit: selectionLimit,
          },
        ),
      () => this.wholeSelection(filter, kind),
      selectionLimit,
    );
    const others = await walkPages(pageAfter, selectionLimit, last);
    return { ...found, selection: { kind, userIds: [...userIds, ...others] } };
  }

  /**
   * Every id of the filter's selection of this kind, as the previous release's identity answers
   * a search without `selectionLimit` (its kind is the filter's, as the new search's was).
   */
  private async wholeSelection(filter: MemberFilter, kind: MemberSearch['selection']['kind']) {
    const { selection } = await this.rpc.call(identityRpc.memberSearch, {
      ...filter,
      offset: 0,
      limit: 0,
    });
    // People added or removed between the two searches: the other kind's ids cannot be joined.
    if (selection.kind !== kind)
      throw new RpcFailure('conflict', errorText('people_changed_while_read'));
    return selection.userIds;
  }

  /** The filter's selection alone (see search). */
  async selection(filter: MemberFilter): Promise<MemberSearch['selection']> {
    return (await this.search(filter, 0, 0)).selection;
  }

  /** Some of the organization's people, by id (a batch of a list already chosen). */
  some(organizationId: number, userIds: number[]): Promise<Member[]> {
    return userIds.length
      ? this.rpc.call(identityRpc.membersByIds, { organizationId, userIds })
      : Promise.resolve([]);
  }

  /**
   * The organization's people among these ids, any number of them, asked a batch at a time (the
   * batches at once): never its whole member list, 18 MiB at 100,000 people.
   */
  async byIds(organizationId: number, userIds: number[]): Promise<Member[]> {
    return membersByIds(this.rpc, organizationId, userIds);
  }

  /** Names of a page's people, in one call whatever their organizations. */
  async names(userIds: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(userIds)];
    const rows = unique.length ? await this.rpc.call(identityRpc.names, { userIds: unique }) : [];
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The one person asked (not the whole organization: 100,000 people took seconds). */
  async observable(actor: Actor, userId: number): Promise<Member | null> {
    return observableCandidate(await this.some(actor.organizationId, [userId]), actor, userId);
  }

  /**
   * The acting person's name, asked of identity by id whatever their organization (a super
   * administrator acts in others'), never a made-up English stand-in.
   */
  async nameOf(actor: Actor): Promise<string> {
    const name = (await this.names([actor.userId])).get(actor.userId);
    if (name === undefined) throw RpcFailure.notFound('User not found');
    return name;
  }
}
