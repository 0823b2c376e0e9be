import {
  type AuthoredQuestion,
  type Evaluation,
  OPTION_LETTERS,
  type ReviewEvaluation,
} from '@hub/proto';
import type { EvaluationEntity, StoredQuestion } from './evaluation.entity.js';

/** Question ids are positional and stable within one version of the evaluation. */
export const toStoredQuestions = (questions: AuthoredQuestion[]): StoredQuestion[] =>
  questions.map((question, index) => ({ id: `q${index + 1}`, ...question }));

function base(row: EvaluationEntity) {
  return {
    id: row.id,
    documentId: row.documentId,
    title: row.title,
    description: row.description,
    status: row.status,
    keyLearningPoints: row.keyLearningPoints,
    generator: row.generator,
    generatorModel: row.generatorModel,
    promptUsed: row.promptUsed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export function toReviewView(row: EvaluationEntity): ReviewEvaluation {
  return {
    ...base(row),
    questions: row.questions.map((question) => ({
      ...question,
      correctOption: OPTION_LETTERS[question.correctIndex] ?? '?',
    })),
    sourceVersion: row.sourceVersion,
    changedQuestionIds: row.changedQuestionIds,
    removedQuestions: row.removedQuestions,
  };
}

/** What everyone else sees: the questions and options, never which one is correct. */
export function toPublicView(row: EvaluationEntity): Evaluation {
  return {
    ...base(row),
    questions: row.questions.map(({ id, text, category, options }) => ({
      id,
      text,
      category,
      options,
    })),
  };
}
