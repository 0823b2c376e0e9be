import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest, STAFF_ROLES } from '@hub/proto';
import { requireRole, RpcHandler } from '@hub/kit';
import { VersionsService } from './versions.service.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** Every handler checks the role again and works within the actor's organization only. */
@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @RpcHandler(libraryRpc.createDocumentVersion)
  create(@Payload() request: Req<'createDocumentVersion'>) {
    requireRole(request.actor, STAFF_ROLES);
    return this.versions.create(request);
  }

  @RpcHandler(libraryRpc.documentVersions)
  list(@Payload() { actor, documentId }: Req<'documentVersions'>) {
    requireRole(actor, STAFF_ROLES);
    return this.versions.list(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentVersionFile)
  file(@Payload() { actor, documentId, version }: Req<'documentVersionFile'>) {
    requireRole(actor, STAFF_ROLES);
    return this.versions.file(actor, documentId, version);
  }

  @RpcHandler(libraryRpc.documentVersionMarkdown)
  markdown(@Payload() { actor, documentId, version }: Req<'documentVersionMarkdown'>) {
    requireRole(actor, STAFF_ROLES);
    return this.versions.markdown(actor, documentId, version);
  }
}
