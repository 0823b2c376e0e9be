import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  identityRpc,
  type MemberFilter,
  type MemberKey,
  Role,
  type RpcAnswer,
  type TeamMember,
} from '@hub/proto';
import { membersByIds, RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { observableCandidate } from './observable.js';

export type Member = RpcAnswer<typeof identityRpc.membersByIds>[number];
export type MemberSearch = RpcAnswer<typeof identityRpc.memberSearch>;

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
  constructor(@Inject(RPC) private readonly rpc: RpcClient) {}

  /** One page of the filter's people by name, and how many the filter holds. */
  page(filter: MemberFilter, offset: number, limit: number) {
    return this.rpc.call(identityRpc.memberPage, { ...filter, offset, limit });
  }

  /** The page of the filter's people after this one (the first page without it), by name. */
  pageAfter(filter: MemberFilter, after: MemberKey | undefined, limit: number) {
    return this.rpc.call(identityRpc.memberPage, { ...filter, offset: 0, limit, after });
  }

  /** The ids of the filter's people (no names, emails or pictures). */
  ids(filter: MemberFilter): Promise<number[]> {
    return filter.userIds?.length === 0
      ? Promise.resolve([])
      : this.rpc.call(identityRpc.memberIds, filter);
  }

  /** Pending or suspended people of any of the organizations (at most 1,000 of them a call). */
  uncountedIn(organizationIds: number[]): Promise<number[]> {
    return organizationIds.length === 0
      ? Promise.resolve([])
      : this.rpc.call(identityRpc.uncountedMemberIds, { organizationIds });
  }

  /**
   * One page of the filter's people by name, how many it holds, and its selection: its ids, or
   * the organization's other people's when fewer (a broad search). One search in identity.
   */
  search(filter: MemberFilter, offset: number, limit: number): Promise<MemberSearch> {
    return filter.userIds?.length === 0
      ? Promise.resolve({ members: [], total: 0, selection: { kind: 'listed', userIds: [] } })
      : this.rpc.call(identityRpc.memberSearch, { ...filter, offset, limit });
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
