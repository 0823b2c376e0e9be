import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, videoRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { FaceReferencesService } from './face-references.service.js';

type Req<K extends keyof typeof videoRpc> = RpcRequest<(typeof videoRpc)[K]>;

/** RpcHandler checks each contract's roles; the service decides whose references one may touch. */
@Controller()
export class FaceReferencesController {
  constructor(private readonly references: FaceReferencesService) {}

  @RpcHandler(videoRpc.faceReferences)
  list(@Payload() { actor, userId }: Req<'faceReferences'>) {
    return this.references.list(actor, userId);
  }

  @RpcHandler(videoRpc.addFaceReference)
  add(@Payload() { actor, userId, storageKey }: Req<'addFaceReference'>) {
    return this.references.add(actor, userId, storageKey);
  }

  @RpcHandler(videoRpc.deleteFaceReference)
  remove(@Payload() { actor, userId, referenceId }: Req<'deleteFaceReference'>) {
    return this.references.remove(actor, userId, referenceId);
  }

  @RpcHandler(videoRpc.faceReferencePhoto)
  photo(@Payload() { actor, referenceId }: Req<'faceReferencePhoto'>) {
    return this.references.photo(actor, referenceId);
  }
}
