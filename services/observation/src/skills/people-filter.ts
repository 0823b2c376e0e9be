import { type Actor, type MemberFilter, STAFF_ROLES, type SkillsMatrixQuery } from '@hub/proto';

/** Whose rows the matrix shows, as identity's filter, and what narrows them. */
export interface PeopleFilter {
  filter: MemberFilter;
  /** The job function whose members the rows are; undefined: every person. */
  jobFunctionId: number | undefined;
  /** A search, a role or the actor's own row narrows the rows beyond the function's members. */
  narrowed: boolean;
}

/**
 * Active people the actor may see (staff: everyone; others: themselves), filtered, by name:
 * accepted and not suspended, as the choosers list them (a suspended person keeps their records
 * but is no one to train or count meanwhile).
 */
export function peopleFilter(
  actor: Actor,
  query: Pick<SkillsMatrixQuery, 'jobFunctionId' | 'role' | 'search'>,
  functionMembers: number[] | null,
): PeopleFilter {
  const staff = STAFF_ROLES.includes(actor.role);
  const search = query.search?.trim() ?? '';
  let userIds = functionMembers ?? undefined;
  if (!staff) userIds = (userIds ?? [actor.userId]).filter((id) => id === actor.userId);
  return {
    filter: {
      organizationId: actor.organizationId,
      active: true,
      suspended: false,
      ...(search === '' ? {} : { search }),
      ...(query.role === undefined ? {} : { roles: [query.role] }),
      ...(userIds === undefined ? {} : { userIds }),
    },
    jobFunctionId: query.jobFunctionId,
    narrowed: !staff || search !== '' || query.role !== undefined,
  };
}

/** Whether the gaps count identity's selection of the people (a search, a role, one person). */
export function selectsPeople(people: PeopleFilter): boolean {
  return people.narrowed || people.filter.userIds?.length === 0;
}
