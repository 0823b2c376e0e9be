import { Controller, Inject, Param, Req } from '@nestjs/common';
import {
  type Actor,
  api,
  DOCUMENT_UPLOAD,
  DOCUMENT_VERSION_UPLOAD,
  type DocumentUploadFields,
  libraryRpc,
  tagNamesOf,
} from '@hub/proto';
import { newObjectFolder, type ObjectStorage, RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { SignedLinks } from '../files/signed-links.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

type DocumentParams = { id: number };
type VersionParams = { id: number; version: number };

@Controller()
export class LibraryController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(SignedLinks) private readonly links: SignedLinks,
  ) {}

  /** The PDF streams into its own folder; the record is made once every byte is stored. */
  @Endpoint(api.uploadDocument)
  async upload(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    let folder = '';
    const upload = await this.uploads.receive(
      request,
      DOCUMENT_UPLOAD,
      async (_kind, fields: DocumentUploadFields) => {
        if (fields.folderId)
          await this.rpc.call(libraryRpc.checkFolder, { actor, folderId: fields.folderId });
        folder = newObjectFolder(actor.organizationId, 'documents');
        return `${folder}source.pdf`;
      },
    );
    try {
      return await this.rpc.call(libraryRpc.createDocument, {
        actor,
        title: upload.fields.title,
        description: upload.fields.description,
        // The upload's fields were checked with these names (at most 50, none too long).
        tagNames: tagNamesOf(upload.fields.tags),
        folderId: upload.fields.folderId,
        storagePrefix: folder,
        sourceKey: upload.key,
        fileName: upload.fileName,
        fileSize: upload.size,
      });
    } catch (error) {
      await this.storage.removePrefix(folder);
      throw error;
    }
  }

  /**
   * A new version streams into its own folder with the upload's checks; the document is looked
   * up first, so nothing is stored for a document the actor cannot see.
   */
  @Endpoint(api.uploadDocumentVersion)
  async uploadVersion(
    @CurrentActor() actor: Actor,
    @Param() params: DocumentParams,
    @Req() request: GuardedRequest,
  ) {
    let folder = '';
    const upload = await this.uploads.receive(request, DOCUMENT_VERSION_UPLOAD, async () => {
      await this.rpc.call(libraryRpc.document, { actor, documentId: params.id });
      folder = newObjectFolder(actor.organizationId, 'documents');
      return `${folder}source.pdf`;
    });
    try {
      return await this.rpc.call(libraryRpc.createDocumentVersion, {
        actor,
        documentId: params.id,
        changeNote: upload.fields.changeNote,
        storagePrefix: folder,
        sourceKey: upload.key,
        fileName: upload.fileName,
        fileSize: upload.size,
      });
    } catch (error) {
      await this.storage.removePrefix(folder);
      throw error;
    }
  }

  @Endpoint(api.documentVersionDownloadUrl)
  async versionDownloadUrl(@CurrentActor() actor: Actor, @Param() params: VersionParams) {
    const file = await this.rpc.call(libraryRpc.documentVersionFile, {
      actor,
      documentId: params.id,
      version: params.version,
    });
    return this.links.create(file.key, file.fileName);
  }

  @Endpoint(api.documentDownloadUrl)
  async downloadUrl(@CurrentActor() actor: Actor, @Param() params: DocumentParams) {
    const file = await this.rpc.call(libraryRpc.documentFile, { actor, documentId: params.id });
    return this.links.create(file.key, file.fileName);
  }

  @Endpoint(api.documentImage)
  async image(@CurrentActor() actor: Actor, @Param() params: { id: number; imgId: string }) {
    const { key } = await this.rpc.call(libraryRpc.documentImage, {
      actor,
      documentId: params.id,
      imageId: params.imgId,
    });
    const link = this.links.create(key);
    return { presignedUrl: link.url, expiresAt: link.expiresAt };
  }
}
