import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { EvaluationsService } from './evaluations.service.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

@Controller()
export class EvaluationsController {
  constructor(private readonly evaluations: EvaluationsService) {}

  @RpcHandler(libraryRpc.evaluationOfDocument)
  ofDocument(@Payload() { actor, documentId }: Req<'evaluationOfDocument'>) {
    return this.evaluations.ofDocument(actor, documentId);
  }

  @RpcHandler(libraryRpc.evaluation)
  get(@Payload() { actor, evaluationId }: Req<'evaluation'>) {
    return this.evaluations.get(actor, evaluationId);
  }

  @RpcHandler(libraryRpc.evaluationForObservation)
  forObservation(@Payload() { organizationId, evaluationId }: Req<'evaluationForObservation'>) {
    return this.evaluations.forObservation(organizationId, evaluationId);
  }

  @RpcHandler(libraryRpc.publishedEvaluations)
  published(@Payload() { organizationId, documentIds }: Req<'publishedEvaluations'>) {
    return this.evaluations.published(organizationId, documentIds);
  }

  @RpcHandler(libraryRpc.documentHealth)
  health(@Payload() { organizationId }: Req<'documentHealth'>) {
    return this.evaluations.documentHealth(organizationId);
  }

  @RpcHandler(libraryRpc.updateEvaluation)
  update(@Payload() { actor, documentId, draft, updatedAt }: Req<'updateEvaluation'>) {
    return this.evaluations.update(actor, documentId, draft, updatedAt);
  }

  @RpcHandler(libraryRpc.publishEvaluation)
  publish(@Payload() { actor, documentId, updatedAt }: Req<'publishEvaluation'>) {
    return this.evaluations.publish(actor, documentId, updatedAt);
  }

  @RpcHandler(libraryRpc.regenerateEvaluation)
  regenerate(@Payload() { actor, documentId }: Req<'regenerateEvaluation'>) {
    return this.evaluations.regenerate(actor, documentId);
  }
}
