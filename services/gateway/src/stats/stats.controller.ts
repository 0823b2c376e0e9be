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

  @Endpoint(api.recentActivity)
  recentActivity(@CurrentActor() actor: Actor, @Query() query: { limit: number }) {
    return this.rpc.relay(identityRpc.recentActivity, { actor, limit: query.limit });
  }
}
