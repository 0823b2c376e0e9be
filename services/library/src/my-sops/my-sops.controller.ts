import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { MySopsService } from './my-sops.service.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** Any role: the service lets the actor read only the SOPs that are theirs. */
@Controller()
export class MySopsController {
  constructor(private readonly mySops: MySopsService) {}

  @RpcHandler(libraryRpc.mySops)
  list(@Payload() { actor }: Req<'mySops'>) {
    return this.mySops.list(actor);
  }

  @RpcHandler(libraryRpc.mySop)
  get(@Payload() { actor, documentId }: Req<'mySop'>) {
    return this.mySops.get(actor, documentId);
  }

  @RpcHandler(libraryRpc.mySopImage)
  image(@Payload() { actor, documentId, imageId }: Req<'mySopImage'>) {
    return this.mySops.image(actor, documentId, imageId);
  }
}
