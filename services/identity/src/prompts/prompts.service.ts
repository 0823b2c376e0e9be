import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, GlobalPrompts } from '@hub/proto';
import { GlobalPromptsEntity } from './global-prompts.entity.js';

@Injectable()
export class PromptsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async get(): Promise<GlobalPrompts> {
    const row = await this.db.getRepository(GlobalPromptsEntity).findOneByOrFail({ id: 1 });
    return { quizPrompts: row.quizPrompts, videoAnalysisPrompts: row.videoAnalysisPrompts };
  }

  async save(actor: Actor, prompts: GlobalPrompts): Promise<GlobalPrompts> {
    await this.db
      .getRepository(GlobalPromptsEntity)
      .update(1, { ...prompts, updatedBy: actor.userId, updatedAt: new Date() });
    return this.get();
  }
}
