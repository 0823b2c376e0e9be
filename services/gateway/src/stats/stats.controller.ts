import { Controller, Inject, Query } from '@nestjs/common';
import { api, identityRpc, observationRpc, type Actor } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class StatsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /** People figures come from identity, performance and training from the observation service. */
  @Endpoint(api.dashboardStats)
  async dashboard(@CurrentActor() actor: Actor) {
    const organizationId = actor.role === 'super_admin' ? null : actor.organizationId;
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
    const [signIns, work] = await Promise.all([
      this.rpc.call(identityRpc.recentActivity, { actor, limit: query.limit }),
      this.rpc.call(observationRpc.hubActivity, { actor, limit: query.limit }),
    ]);
    return { events: signIns.events, work };
  }
}
