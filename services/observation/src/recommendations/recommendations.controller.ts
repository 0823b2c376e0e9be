import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { recommendationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { RecommendationsService } from './recommendations.service.js';

type Req<K extends keyof typeof recommendationRpc> = RpcRequest<(typeof recommendationRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class RecommendationsController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @RpcHandler(recommendationRpc.list)
  list(@Payload() { actor, query }: Req<'list'>) {
    return this.recommendations.list(actor, query);
  }

  @RpcHandler(recommendationRpc.evaluate)
  evaluate(@Payload() { actor }: Req<'evaluate'>) {
    return this.recommendations.evaluate(actor);
  }

  @RpcHandler(recommendationRpc.dismiss)
  dismiss(@Payload() { actor, id }: Req<'dismiss'>) {
    return this.recommendations.decide(actor, id, 'dismissed');
  }

  @RpcHandler(recommendationRpc.implement)
  implement(@Payload() { actor, id }: Req<'implement'>) {
    return this.recommendations.decide(actor, id, 'implemented');
  }
}
