import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, CreateFolderRequest, Folder } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { FolderEntity } from './folder.entity.js';

const toView = (row: FolderEntity): Folder => ({
  id: row.id,
  name: row.name,
  description: row.description,
  parentFolderId: row.parentFolderId,
});

@Injectable()
export class FoldersService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get folders() {
    return this.db.getRepository(FolderEntity);
  }

  async list(actor: Actor): Promise<Folder[]> {
    const rows = await this.folders.find({
      where: { organizationId: actor.organizationId },
      order: { name: 'ASC' },
    });
    return rows.map(toView);
  }

  async create(actor: Actor, request: CreateFolderRequest): Promise<Folder> {
    if (request.parentFolderId) {
      const parent = await this.folders.existsBy({
        id: request.parentFolderId,
        organizationId: actor.organizationId,
      });
      if (!parent)
        throw RpcFailure.validation('The parent folder does not exist.', 'parentFolderId');
    }
    const saved = await this.folders.save(
      this.folders.create({
        organizationId: actor.organizationId,
        name: request.name,
        description: request.description || null,
        parentFolderId: request.parentFolderId ?? null,
        createdBy: actor.userId,
      }),
    );
    return toView(saved);
  }
}
