import type { EntityManager } from 'typeorm';
import type { QuizGeneratedMessage } from '@hub/proto';
import type { z } from 'zod';
import type { DocumentEntity } from '../documents/document.entity.js';
import { EvaluationEntity } from './evaluation.entity.js';
import { toStoredQuestions } from './evaluation-view.js';

/** A new generation replaces the document's evaluation and sends it back to draft for review. */
export async function saveGeneratedEvaluation(
  db: EntityManager,
  document: DocumentEntity,
  message: z.infer<typeof QuizGeneratedMessage>,
): Promise<number> {
  const values = {
    organizationId: document.organizationId,
    documentId: document.id,
    title: message.draft.title,
    description: message.draft.description,
    status: 'draft' as const,
    questions: toStoredQuestions(message.draft.questions),
    keyLearningPoints: message.draft.keyLearningPoints,
    generator: message.generator,
    generatorModel: message.generatorModel,
    promptUsed: message.promptUsed,
    updatedAt: new Date(),
    updatedBy: null,
    publishedAt: null,
    publishedBy: null,
  };
  const repository = db.getRepository(EvaluationEntity);
  const existing = await repository.findOneBy({ documentId: document.id });
  if (existing) {
    await repository.update(existing.id, values);
    return existing.id;
  }
  return (await repository.save(repository.create(values))).id;
}
