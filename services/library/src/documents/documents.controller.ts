import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest, STAFF_ROLES, SUPER_ADMIN_ONLY } from '@hub/proto';
import { requireRole, RpcHandler } from '@hub/kit';
import { DocumentsService } from './documents.service.js';
import { documentWork } from './hub-activity.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** Every handler checks the role again and works within the actor's organization only. */
@Controller()
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  /** Staff only: an operator gets an empty list (the Hub asks for every role). */
  @RpcHandler(libraryRpc.hubActivity)
  hubActivity(@Payload() { actor, limit }: Req<'hubActivity'>) {
    return documentWork(this.db, actor, limit);
  }

  @RpcHandler(libraryRpc.documents)
  list(@Payload() { actor, filter }: Req<'documents'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.list(actor, filter);
  }

  @RpcHandler(libraryRpc.document)
  get(@Payload() { actor, documentId }: Req<'document'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.get(actor, documentId);
  }

  @RpcHandler(libraryRpc.createDocument)
  create(@Payload() request: Req<'createDocument'>) {
    requireRole(request.actor, STAFF_ROLES);
    return this.documents.create(request);
  }

  @RpcHandler(libraryRpc.checkFolder)
  async checkFolder(@Payload() { actor, folderId }: Req<'checkFolder'>) {
    requireRole(actor, STAFF_ROLES);
    await this.documents.checkFolder(actor, folderId);
    return { ok: true };
  }

  @RpcHandler(libraryRpc.sopsForAnalysis)
  sopsForAnalysis(@Payload() { organizationId, documentIds }: Req<'sopsForAnalysis'>) {
    return this.documents.sopsForAnalysis(organizationId, documentIds);
  }

  @RpcHandler(libraryRpc.sopTitles)
  sopTitles(@Payload() { organizationId, documentIds }: Req<'sopTitles'>) {
    return this.documents.sopTitles(organizationId, documentIds);
  }

  @RpcHandler(libraryRpc.organizationSops)
  organizationSops(@Payload() { actor, organizationId }: Req<'organizationSops'>) {
    requireRole(actor, SUPER_ADMIN_ONLY);
    return this.documents.organizationSops(organizationId);
  }

  @RpcHandler(libraryRpc.documentTags)
  documentTags(@Payload() { organizationId, documentIds }: Req<'documentTags'>) {
    return this.documents.documentTags(organizationId, documentIds);
  }

  @RpcHandler(libraryRpc.deleteDocument)
  delete(@Payload() { actor, documentId }: Req<'deleteDocument'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.delete(actor, documentId);
  }

  @RpcHandler(libraryRpc.retryDocument)
  retry(@Payload() { actor, documentId }: Req<'retryDocument'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.retry(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentFile)
  file(@Payload() { actor, documentId }: Req<'documentFile'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.file(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentMarkdown)
  markdown(@Payload() { actor, documentId }: Req<'documentMarkdown'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.markdown(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentImage)
  image(@Payload() { actor, documentId, imageId }: Req<'documentImage'>) {
    requireRole(actor, STAFF_ROLES);
    return this.documents.image(actor, documentId, imageId);
  }
}
