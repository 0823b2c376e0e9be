import { Logger } from '@nestjs/common';
import { identityRpc } from '@hub/proto';
import type { RpcClient } from '@hub/kit';

/** How long a date waits for the person's zone before it is counted in UTC. */
const ZONE_LOOKUP_MS = 3000;
const log = new Logger('PersonZone');

/**
 * The zone a person's dates fall in (their choice, else their device's as last known, else their
 * organization's default, else UTC), as identity answers it for every date the server writes
 * them. Identity away, or not knowing them (removed meanwhile): UTC, as dates were counted before,
 * rather than no answer. `counted` says what the zone is for, in the warning.
 */
export async function personZone(rpc: RpcClient, userId: number, counted: string): Promise<string> {
  try {
    const [person] = await rpc.call(identityRpc.languagesOf, { userIds: [userId] }, ZONE_LOOKUP_MS);
    return person?.timeZone ?? 'UTC';
  } catch (error) {
    log.warn(`user ${userId}'s zone unknown, ${counted} counted in UTC: ${String(error)}`);
    return 'UTC';
  }
}
