import { identityRpc, type MemberFilter } from '@hub/proto';

/** A person as identity's id pages read them. */
export interface PlayedPerson {
  id: number;
  organizationId: number;
  role: string;
  /** False while pending. */
  isActive: boolean;
  suspended: boolean;
}

/** Whether identity's filter holds the person (no search: no caller of these pages asks one). */
function holds(filter: MemberFilter, person: PlayedPerson): boolean {
  return (
    person.organizationId === filter.organizationId &&
    (filter.roles === undefined || filter.roles.includes(person.role)) &&
    (filter.active === undefined || person.isActive === filter.active) &&
    (filter.suspended === undefined || person.suspended === filter.suspended) &&
    (filter.userIds === undefined || filter.userIds.includes(person.id))
  );
}

/**
 * Identity's pages of member ids (identityRpc.memberIdPage) over some people: each request
 * checked against the contract, so one asking more than its bounds fails as identity would
 * refuse it, and each answer's size kept, for a test to see the ids came a page at a time.
 */
export class PlayedMemberIds {
  /** How many ids each page answered, in order. */
  readonly answered: number[] = [];

  constructor(private readonly people: PlayedPerson[]) {}

  page(request: unknown): number[] {
    const { afterId, limit, ...filter } = identityRpc.memberIdPage.request.parse(request);
    const page = this.people
      .filter((person) => person.id > afterId && holds(filter, person))
      .map((person) => person.id)
      .sort((a, b) => a - b)
      .slice(0, limit);
    this.answered.push(page.length);
    return page;
  }
}
