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
