import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DocumentEntity } from '../documents/document.entity.js';
import { FolderEntity } from '../folders/folder.entity.js';
import { TagEntity } from '../tags/tag.entity.js';

/** The library's rows of an organization, as its deletion removes them. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Its documents, folders and tags, in one transaction. */
  async deleteLibraryOf(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.getRepository(DocumentEntity).delete({ organizationId });
      await tx.getRepository(FolderEntity).delete({ organizationId });
      await tx.getRepository(TagEntity).delete({ organizationId });
    });
  }
}
