import { Inject, Injectable } from '@nestjs/common';
import type {
  Actor,
  identityRpc,
  MemberFilter,
  MemberKey,
  RpcAnswer,
  RpcRequest,
  User,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { CurrentUserReads } from './current-user-reads.js';
import { MemberIdsRepository } from './member-ids.repository.js';
import { type MemberRow, UsersRepository } from './users.repository.js';
import { profilePictureUrl, toUserView } from './user-view.js';

const toMember = (user: MemberRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  isActive: user.is_active,
  suspended: user.suspended,
  profilePicture: profilePictureUrl({ id: user.id, profilePicture: user.profile_picture }),
});

@Injectable()
export class UsersService {
  private readonly currentUsers: CurrentUserReads;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MemberIdsRepository) private readonly ids: MemberIdsRepository,
  ) {
    this.currentUsers = new CurrentUserReads(users);
  }

  /** Everyone of an organization, for the services that show or choose people. */
  async members(organizationId: number) {
    return (await this.users.findMembers(organizationId)).map(toMember);
  }

  /** One page of the filter's people by name, and how many it holds (never everyone at once). */
  async memberPage(filter: MemberFilter, offset: number, limit: number, after?: MemberKey) {
    if (filter.userIds?.length === 0) return { members: [], total: 0 };
    const page = await this.users.findMemberPage(filter, offset, limit, after);
    return { members: page.members.map(toMember), total: page.total };
  }

  /**
   * How many of the filter's people come before each key, by name (identityRpc.memberRanks): the
   * people a batch the caller holds, as the contract requires, never the whole organization.
   */
  memberRanks(
    filter: Omit<RpcRequest<typeof identityRpc.memberRanks>, 'keys'>,
    keys: MemberKey[],
  ): Promise<number[]> {
    if (filter.userIds.length === 0) return Promise.resolve(keys.map(() => 0));
    return this.users.findRanks(filter, keys);
  }

  /** The ids of the filter's people (a count's or an export's, without their details). */
  memberIds(filter: MemberFilter): Promise<number[]> {
    if (filter.userIds?.length === 0) return Promise.resolve([]);
    return this.ids.findMemberIds(filter);
  }

  /** One page of the filter's ids after `afterId`, ascending (identityRpc.memberIdPage). */
  memberIdPage(filter: MemberFilter, afterId: number, limit: number): Promise<number[]> {
    if (filter.userIds?.length === 0) return Promise.resolve([]);
    return this.ids.findMemberIdPage(filter, afterId, limit);
  }

  /** One page of the ids of the organization's people the filter does not hold (identityRpc). */
  otherMemberIdPage(filter: MemberFilter, afterId: number, limit: number): Promise<number[]> {
    return this.ids.findOtherMemberIdPage(filter, afterId, limit);
  }

  /** Pending or suspended people of any of the organizations (identityRpc.uncountedMemberIds). */
  uncountedMemberIds(organizationIds: number[]): Promise<number[]> {
    if (organizationIds.length === 0) return Promise.resolve([]);
    return this.ids.findUncountedIds(organizationIds);
  }

  /** One page of them after `afterId` (identityRpc.uncountedMemberIdPage). */
  uncountedMemberIdPage(organizationIds: number[], afterId: number, limit: number) {
    if (organizationIds.length === 0) return Promise.resolve([]);
    return this.ids.findUncountedIds(organizationIds, { afterId, limit });
  }

  /**
   * A page of the filter's people, their total and selection, in one search (identityRpc);
   * the selection's first `selectionLimit` ids only when given, `more` telling of the rest.
   */
  async memberSearch(
    filter: MemberFilter,
    offset: number,
    limit: number,
    selectionLimit?: number,
  ): Promise<RpcAnswer<typeof identityRpc.memberSearch>> {
    const found =
      filter.userIds?.length === 0
        ? { members: [], total: 0, selection: { kind: 'listed' as const, userIds: [] } }
        : await this.users.findMemberSearch(filter, offset, limit, selectionLimit);
    const members = found.members.map(toMember);
    // Asked as the previous release asks: every id, and no `more`.
    if (selectionLimit === undefined) return { ...found, members };
    const { kind, userIds } = found.selection;
    const more = userIds.length > selectionLimit;
    return {
      ...found,
      members,
      selection: { kind, userIds: userIds.slice(0, selectionLimit), more },
    };
  }

  /** Some of an organization's people by id; ids of other organizations answer nothing. */
  async membersByIds(organizationId: number, userIds: number[]) {
    if (userIds.length === 0) return [];
    return (await this.users.findMembersByIds(organizationId, userIds)).map(toMember);
  }

  /** Active people's ids (accepted, not suspended) by role, without the people's details. */
  activeMemberIds(organizationId: number): Promise<{ role: string; userIds: number[] }[]> {
    return this.ids.findActiveIdsByRole(organizationId);
  }

  /**
   * Head counts by role, present among them, and the observed ids not active at the membership
   * version answered; `stale` (no verdicts) when `since` is no longer it (identityRpc).
   */
  async activeMemberCounts(
    organizationId: number,
    presentIds: number[],
    observedIds: number[],
    since?: string,
  ) {
    const [roles, checked] = await Promise.all([
      this.users.countActiveByRole(organizationId, presentIds),
      this.users.findNotActive(organizationId, observedIds, since),
    ]);
    return {
      roles,
      notActive: checked.ids ?? [],
      membershipVersion: checked.version,
      stale: checked.ids === null,
    };
  }

  async names(userIds: number[]): Promise<{ id: number; name: string }[]> {
    if (userIds.length === 0) return [];
    return this.users.findNames(userIds);
  }

  /**
   * When the organization's today began: local midnight in its default time zone, UTC when none,
   * and that day's date there (identityRpc.organizationDayStart), for the other services' "today"
   * figures and due dates.
   */
  async organizationDayStart(organizationId: number): Promise<{ since: string; date: string }> {
    const { since, date } = await this.users.findOrganizationDay(organizationId);
    return { since: since.toISOString(), date };
  }

  /** Ids of the organization's people with a sign-in today (the organization's day). */
  signedInToday(organizationId: number, userIds?: number[]): Promise<number[]> {
    if (userIds?.length === 0) return Promise.resolve([]);
    return this.users.findSignedInTodayIds(organizationId, userIds);
  }

  /** The signed-in user with the organization's name (every page load asks). */
  async current(actor: Actor): Promise<User> {
    const row = await this.currentUsers.read(actor);
    if (!row)
      throw new RpcFailure('unauthenticated', 'Your session has ended. Please sign in again.');
    const { organizationName, organizationDisplayName, ...user } = row;
    return toUserView({
      ...user,
      organization: { name: organizationName ?? '', displayName: organizationDisplayName ?? '' },
    });
  }
}
