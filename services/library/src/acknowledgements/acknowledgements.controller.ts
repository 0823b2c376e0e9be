import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { AcknowledgementsService } from './acknowledgements.service.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** Every role may acknowledge; the service limits operators to versions they were asked about. */
@Controller()
export class AcknowledgementsController {
  constructor(private readonly acknowledgements: AcknowledgementsService) {}

  @RpcHandler(libraryRpc.documentAcknowledgement)
  view(@Payload() { actor, documentId }: Req<'documentAcknowledgement'>) {
    return this.acknowledgements.view(actor, documentId);
  }

  @RpcHandler(libraryRpc.acknowledgeDocument)
  acknowledge(@Payload() { actor, documentId, version }: Req<'acknowledgeDocument'>) {
    return this.acknowledgements.acknowledge(actor, documentId, version);
  }
}
