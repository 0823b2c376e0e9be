import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { DocumentsService } from './documents.service.js';
import { documentWork } from '../reporting/hub-activity.js';

type Req<K extends keyof typeof libraryRpc> = RpcRequest<(typeof libraryRpc)[K]>;

/** RpcHandler checks each contract's roles again; every handler works within the actor's organization only. */
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
    return this.documents.list(actor, filter);
  }

  @RpcHandler(libraryRpc.document)
  get(@Payload() { actor, documentId }: Req<'document'>) {
    return this.documents.get(actor, documentId);
  }

  @RpcHandler(libraryRpc.createDocument)
  create(@Payload() request: Req<'createDocument'>) {
    return this.documents.create(request);
  }

  @RpcHandler(libraryRpc.checkFolder)
  async checkFolder(@Payload() { actor, folderId }: Req<'checkFolder'>) {
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
  organizationSops(@Payload() { organizationId }: Req<'organizationSops'>) {
    return this.documents.organizationSops(organizationId);
  }

  @RpcHandler(libraryRpc.documentTags)
  documentTags(@Payload() { organizationId, documentIds }: Req<'documentTags'>) {
    return this.documents.documentTags(organizationId, documentIds);
  }

  @RpcHandler(libraryRpc.deleteDocument)
  delete(@Payload() { actor, documentId }: Req<'deleteDocument'>) {
    return this.documents.delete(actor, documentId);
  }

  @RpcHandler(libraryRpc.retryDocument)
  retry(@Payload() { actor, documentId }: Req<'retryDocument'>) {
    return this.documents.retry(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentFile)
  file(@Payload() { actor, documentId }: Req<'documentFile'>) {
    return this.documents.file(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentMarkdown)
  markdown(@Payload() { actor, documentId }: Req<'documentMarkdown'>) {
    return this.documents.markdown(actor, documentId);
  }

  @RpcHandler(libraryRpc.documentImage)
  image(@Payload() { actor, documentId, imageId }: Req<'documentImage'>) {
    return this.documents.image(actor, documentId, imageId);
  }
}
