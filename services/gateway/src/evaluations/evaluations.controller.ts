import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import { type Actor, api, type EvaluationDraft, libraryRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

type IdParam = { id: number };

@Controller()
export class EvaluationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.documentEvaluation)
  ofDocument(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(libraryRpc.evaluationOfDocument, { actor, documentId: params.id });
  }

  @Endpoint(api.quiz)
  quiz(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(libraryRpc.evaluation, { actor, evaluationId: params.id });
  }

  @Endpoint(api.updateEvaluation)
  update(@CurrentActor() actor: Actor, @Param() params: IdParam, @Body() draft: EvaluationDraft) {
    return this.rpc.relay(libraryRpc.updateEvaluation, { actor, documentId: params.id, draft });
  }

  @Endpoint(api.publishEvaluation)
  @HttpCode(200)
  publish(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(libraryRpc.publishEvaluation, { actor, documentId: params.id });
  }

  @Endpoint(api.regenerateEvaluation)
  @HttpCode(200)
  regenerate(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(libraryRpc.regenerateEvaluation, { actor, documentId: params.id });
  }
}
