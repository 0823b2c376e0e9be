import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, CreateTagRequest, Tag } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { TagEntity } from './tag.entity.js';

/** Colour of tags created by typing a new name in the upload dialog. */
export const NEW_TAG_COLOR = '#22c55e';

@Injectable()
export class TagsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(actor: Actor): Promise<Tag[]> {
    const rows = (await this.db.query(
      `SELECT t.id, t.name, t.color, count(dt.document_id)::int AS "documentCount"
         FROM tags t LEFT JOIN document_tags dt ON dt.tag_id = t.id
        WHERE t.organization_id = $1 GROUP BY t.id ORDER BY lower(t.name)`,
      [actor.organizationId],
    )) as Tag[];
    return rows;
  }

  async create(actor: Actor, request: CreateTagRequest): Promise<Tag> {
    const repository = this.db.getRepository(TagEntity);
    const existing = await repository
      .createQueryBuilder('tag')
      .where('tag.organization_id = :org AND lower(tag.name) = lower(:name)', {
        org: actor.organizationId,
        name: request.name,
      })
      .getOne();
    if (existing) throw new RpcFailure('conflict', 'A tag with this name already exists.', 'name');
    const saved = await repository.save(
      repository.create({
        organizationId: actor.organizationId,
        name: request.name,
        color: request.color.toLowerCase(),
      }),
    );
    return { id: saved.id, name: saved.name, color: saved.color, documentCount: 0 };
  }

  /** Tags named in an upload: existing ones by name (any case), the others created. */
  async findOrCreate(actor: Actor, names: string[]): Promise<TagEntity[]> {
    const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
    if (unique.length === 0) return [];
    await this.db.query(
      `INSERT INTO tags (organization_id, name, color)
       SELECT $1, name, $3 FROM unnest($2::text[]) AS name
       ON CONFLICT (organization_id, lower(name)) DO NOTHING`,
      [actor.organizationId, unique, NEW_TAG_COLOR],
    );
    return this.db
      .getRepository(TagEntity)
      .createQueryBuilder('tag')
      .where('tag.organization_id = :org AND lower(tag.name) = ANY(:names)', {
        org: actor.organizationId,
        names: unique.map((name) => name.toLowerCase()),
      })
      .getMany();
  }
}
