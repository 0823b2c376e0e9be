import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Tag } from '@hub/proto';
import { TagEntity } from './tag.entity.js';

export type NewTag = Pick<TagEntity, 'organizationId' | 'name' | 'color'>;
export type CreatedTag = Pick<TagEntity, 'id' | 'name' | 'color'>;

/** The organizations' document tags; names are compared in any case. */
@Injectable()
export class TagsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get tags() {
    return this.db.getRepository(TagEntity);
  }

  /** The organization's tags by name, each with the number of documents it is on. */
  async listWithCounts(organizationId: number): Promise<Tag[]> {
    // Raw SQL: an aggregate (documents per tag).
    return (await this.db.query(
      `SELECT t.id, t.name, t.color, count(dt.document_id)::int AS "documentCount"
         FROM tags t LEFT JOIN document_tags dt ON dt.tag_id = t.id
        WHERE t.organization_id = $1 GROUP BY t.id ORDER BY lower(t.name)`,
      [organizationId],
    )) as Tag[];
  }

  /**
   * The new tag, or null when the organization has one of that name in any case: one statement,
   * so a request creating the same name at once waits for the other and then finds it taken.
   */
  async createIfNameFree(tag: NewTag): Promise<CreatedTag | null> {
    // Raw SQL: ON CONFLICT on the lower(name) index.
    const rows = (await this.db.query(
      `INSERT INTO tags (organization_id, name, color) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, lower(name)) DO NOTHING
       RETURNING id, name, color`,
      [tag.organizationId, tag.name, tag.color],
    )) as CreatedTag[];
    return rows[0] ?? null;
  }

  /** Creates, in this colour, those of the names the organization has no tag of yet. */
  async createMissing(organizationId: number, names: string[], color: string): Promise<void> {
    // Raw SQL: a set-based insert skipping names taken in any case (ON CONFLICT on lower(name)).
    await this.db.query(
      `INSERT INTO tags (organization_id, name, color)
       SELECT $1, name, $3 FROM unnest($2::text[]) AS name
       ON CONFLICT (organization_id, lower(name)) DO NOTHING`,
      [organizationId, names, color],
    );
  }

  /** The organization's tags of these lower-cased names. */
  findByLowerNames(organizationId: number, lowerNames: string[]): Promise<TagEntity[]> {
    return this.tags
      .createQueryBuilder('tag')
      .where('tag.organization_id = :org AND lower(tag.name) = ANY(:names)', {
        org: organizationId,
        names: lowerNames,
      })
      .getMany();
  }
}
