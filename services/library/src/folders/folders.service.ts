import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CreateFolderRequest, Folder } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import type { FolderEntity } from './folder.entity.js';
import { FoldersRepository } from './folders.repository.js';

const toView = (row: FolderEntity): Folder => ({
  id: row.id,
  name: row.name,
  description: row.description,
  parentFolderId: row.parentFolderId,
});

@Injectable()
export class FoldersService {
  constructor(@Inject(FoldersRepository) private readonly folders: FoldersRepository) {}

  async list(actor: Actor): Promise<Folder[]> {
    const rows = await this.folders.list(actor.organizationId);
    return rows.map(toView);
  }

  async create(actor: Actor, request: CreateFolderRequest): Promise<Folder> {
    if (request.parentFolderId) {
      const parent = await this.folders.exists(actor.organizationId, request.parentFolderId);
      if (!parent)
        throw RpcFailure.validation('The parent folder does not exist.', 'parentFolderId');
    }
    const saved = await this.folders.create({
      organizationId: actor.organizationId,
      name: request.name,
      description: request.description || null,
      parentFolderId: request.parentFolderId ?? null,
      createdBy: actor.userId,
    });
    return toView(saved);
  }
}
