import { type Actor, OBSERVED_ROLES } from '@hub/proto';

interface Candidate {
  id: number;
  role: string;
  isActive: boolean;
  suspended: boolean;
}

/**
 * Who the actor may observe: an active operator or training supervisor of the organization,
 * never the observer himself (a training supervisor is both an observer and observable), nor
 * someone the organization suspended: an observation could certify them of nothing meanwhile.
 */
export function observableCandidate<T extends Candidate>(
  members: readonly T[],
  actor: Pick<Actor, 'userId'>,
  userId: number,
): T | null {
  if (userId === actor.userId) return null;
  const member = members.find((candidate) => candidate.id === userId);
  const observable =
    member?.isActive &&
    !member.suspended &&
    (OBSERVED_ROLES as readonly string[]).includes(member.role);
  return observable ? member : null;
}
