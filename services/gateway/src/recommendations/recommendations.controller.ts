import { Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import { type Actor, api, recommendationRpc, type RecommendationListQuery } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/** The organization's recommendations; the observation service checks role and tenant again. */
@Controller()
export class RecommendationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.recommendations)
  list(@CurrentActor() actor: Actor, @Query() query: RecommendationListQuery) {
    return this.rpc.relay(recommendationRpc.list, { actor, query });
  }

  @Endpoint(api.evaluateRecommendations)
  @HttpCode(200)
  evaluate(@CurrentActor() actor: Actor) {
    return this.rpc.relay(recommendationRpc.evaluate, { actor });
  }

  @Endpoint(api.dismissRecommendation)
  @HttpCode(200)
  dismiss(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(recommendationRpc.dismiss, { actor, id: params.id });
  }

  @Endpoint(api.implementRecommendation)
  @HttpCode(200)
  implement(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(recommendationRpc.implement, { actor, id: params.id });
  }
}
