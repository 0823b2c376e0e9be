import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GlobalPrompts } from '@hub/proto';
import { GlobalPromptsEntity } from './global-prompts.entity.js';

/** The platform's one row of AI prompts (id 1, created by the migration). */
@Injectable()
export class PromptsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  get(): Promise<GlobalPromptsEntity> {
    return this.db.getRepository(GlobalPromptsEntity).findOneByOrFail({ id: 1 });
  }

  async save(prompts: GlobalPrompts, updatedBy: number): Promise<void> {
    await this.db
      .getRepository(GlobalPromptsEntity)
      .update(1, { ...prompts, updatedBy, updatedAt: new Date() });
  }
}
