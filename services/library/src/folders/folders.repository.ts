import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FolderEntity } from './folder.entity.js';

export type NewFolder = Pick<
  FolderEntity,
  'organizationId' | 'name' | 'description' | 'parentFolderId' | 'createdBy'
>;

/** The organizations' document folders. */
@Injectable()
export class FoldersRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get folders() {
    return this.db.getRepository(FolderEntity);
  }

  /** The organization's folders, by name. */
  list(organizationId: number): Promise<FolderEntity[]> {
    return this.folders.find({ where: { organizationId }, order: { name: 'ASC' } });
  }

  exists(organizationId: number, folderId: number): Promise<boolean> {
    return this.folders.existsBy({ id: folderId, organizationId });
  }

  create(folder: NewFolder): Promise<FolderEntity> {
    return this.folders.save(this.folders.create(folder));
  }
}
