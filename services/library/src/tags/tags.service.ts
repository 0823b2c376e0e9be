import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CreateTagRequest, Tag } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import type { TagEntity } from './tag.entity.js';
import { TagsRepository } from './tags.repository.js';

/** Colour of tags created by typing a new name in the upload dialog. */
export const NEW_TAG_COLOR = '#22c55e';

@Injectable()
export class TagsService {
  constructor(@Inject(TagsRepository) private readonly tags: TagsRepository) {}

  list(actor: Actor): Promise<Tag[]> {
    return this.tags.listWithCounts(actor.organizationId);
  }

  async create(actor: Actor, request: CreateTagRequest): Promise<Tag> {
    const saved = await this.tags.createIfNameFree({
      organizationId: actor.organizationId,
      name: request.name,
      color: request.color.toLowerCase(),
    });
    if (!saved) throw new RpcFailure('conflict', 'A tag with this name already exists.', 'name');
    return { id: saved.id, name: saved.name, color: saved.color, documentCount: 0 };
  }

  /** Tags named in an upload: existing ones by name (any case), the others created. */
  async findOrCreate(actor: Actor, names: string[]): Promise<TagEntity[]> {
    const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
    if (unique.length === 0) return [];
    await this.tags.createMissing(actor.organizationId, unique, NEW_TAG_COLOR);
    return this.tags.findByLowerNames(
      actor.organizationId,
      unique.map((name) => name.toLowerCase()),
    );
  }
}
