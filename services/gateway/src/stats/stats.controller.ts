import { Controller, Inject, Query } from '@nestjs/common';
import { api, identityRpc, type Actor } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class StatsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.dashboardStats)
  dashboard(@CurrentActor() actor: Actor) {
    return this.rpc.call(identityRpc.dashboardStats, { actor });
  }

  @Endpoint(api.recentActivity)
  recentActivity(@CurrentActor() actor: Actor, @Query() query: { limit: number }) {
    return this.rpc.call(identityRpc.recentActivity, { actor, limit: query.limit });
  }
}
