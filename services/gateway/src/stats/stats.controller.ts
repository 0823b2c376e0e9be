import { Controller, Inject, Query } from '@nestjs/common';
import {
  api,
  type Actor,
  identityRpc,
  libraryRpc,
  observationRpc,
  videoRpc,
  type WorkEvent,
  organizationScope,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class StatsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** People figures come from identity, performance and training from the observation service. */
  @Endpoint(api.dashboardStats)
  async dashboard(@CurrentActor() actor: Actor) {
    const organizationId = organizationScope(actor);
    const [stats, figures] = await Promise.all([
      this.rpc.call(identityRpc.dashboardStats, { actor }),
      this.rpc.call(observationRpc.hubFigures, { organizationId }),
    ]);
    return { ...stats, performanceOverview: { ...stats.performanceOverview, ...figures } };
  }

  /**
   * Sign-ins from identity (one line per person and day) and work from the observation service
   * (observations completed, certifications issued or expiring); each service scopes by the
   * actor again. The page merges the two lists by time.
   */
  @Endpoint(api.recentActivity)
  async recentActivity(@CurrentActor() actor: Actor, @Query() query: { limit: number }) {
    const request = { actor, limit: query.limit };
    const [signIns, ...work] = await Promise.all([
      this.rpc.call(identityRpc.recentActivity, request),
      this.rpc.call(observationRpc.hubActivity, request),
      this.rpc.call(libraryRpc.hubActivity, request),
      this.rpc.call(videoRpc.hubActivity, request),
    ]);
    return { events: signIns.events, work: latestWork(work.flat(), query.limit) };
  }
}

/** The newest `limit` work events of every service, newest first. */
export function latestWork(events: WorkEvent[], limit: number): WorkEvent[] {
  return events
    .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || a.id.localeCompare(b.id))
    .slice(0, limit);
}
