import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { VersionsService } from './versions.service.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** RpcHandler checks each contract's roles again; every handler works within the actor's organization only. */
@Controller()
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @RpcHandler(libraryRpc.createDocumentVersion)
  create(@Payload() request: Req<'createDocumentVersion'>) {
    return this.versions.create(request);
  }

  @RpcHandler(libraryRpc.documentVersions)
  list(@Payload() { actor, documentId }: Req<'documentVersions'>) {
    return this.versions.list(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentVersionDiff)
  diff(@Payload() { actor, documentId, from, to }: Req<'documentVersionDiff'>) {
    return this.versions.diff(actor, documentId, from, to);
  }

  @RpcHandler(libraryRpc.documentVersionFile)
  file(@Payload() { actor, documentId, version }: Req<'documentVersionFile'>) {
    return this.versions.file(actor, documentId, version);
  }

  @RpcHandler(libraryRpc.documentVersionMarkdown)
  markdown(@Payload() { actor, documentId, version }: Req<'documentVersionMarkdown'>) {
    return this.versions.markdown(actor, documentId, version);
  }
}
