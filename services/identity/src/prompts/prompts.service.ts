import { Inject, Injectable } from '@nestjs/common';
import type { Actor, GlobalPrompts } from '@hub/proto';
import { PromptsRepository } from './prompts.repository.js';

@Injectable()
export class PromptsService {
  constructor(@Inject(PromptsRepository) private readonly prompts: PromptsRepository) {}

  async get(): Promise<GlobalPrompts> {
    const row = await this.prompts.get();
    return { quizPrompts: row.quizPrompts, videoAnalysisPrompts: row.videoAnalysisPrompts };
  }

  async save(actor: Actor, prompts: GlobalPrompts): Promise<GlobalPrompts> {
    await this.prompts.save(prompts, actor.userId);
    return this.get();
  }
}
