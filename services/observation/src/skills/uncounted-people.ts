import type { Members } from '../team/members.js';

/**
 * The people of an organization that its counts leave out (ids ascending, each once): pending
 * and suspended ones, as Team and the Skills Matrix count accepted, not suspended members. Few
 * of an organization and each found by a partial index (users_pending_idx,
 * users_suspended_idx), asked at once. A suspended pending person is in both answers.
 */
export async function uncountedPeople(
  members: Pick<Members, 'ids'>,
  organizationId: number,
): Promise<number[]> {
  const [pending, suspended] = await Promise.all([
    members.ids({ organizationId, active: false }),
    members.ids({ organizationId, suspended: true }),
  ]);
  if (suspended.length === 0) return pending;
  return [...new Set([...pending, ...suspended])].sort((a, b) => a - b);
}

/** Organizations asked about at once: the identity RPC's bound (identityRpc.uncountedMemberIds). */
const ORGANIZATIONS_A_CALL = 1000;

/**
 * The people the counts leave out of every organization given (ids ascending, each once), asked
 * of identity 1,000 organizations at a time, a bounded page of ids a message (Members.uncountedIn):
 * platform-wide, two calls per organization with enrolments grew with the platform, and one
 * answer of every pending person of 1,000 organizations had no bound. Ids are people's own,
 * whatever the organization.
 */
export async function uncountedPeopleIn(
  members: Pick<Members, 'uncountedIn'>,
  organizationIds: number[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < organizationIds.length; at += ORGANIZATIONS_A_CALL)
    ids.push(...(await members.uncountedIn(organizationIds.slice(at, at + ORGANIZATIONS_A_CALL))));
  return ids.sort((a, b) => a - b);
}
