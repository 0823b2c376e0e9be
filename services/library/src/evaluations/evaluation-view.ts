import {
  type AuthoredQuestion,
  type Evaluation,
  OPTION_LETTERS,
  type ReviewEvaluation,
} from '@hub/proto';
import type { EvaluationEntity, StoredQuestion } from './evaluation.entity.js';

const sameText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The number of a question id ('q7' -> 7; 0 for one not written so). */
const questionNumber = (id: string) => Number(/^q(\d+)$/.exec(id)?.[1] ?? 0);

/** The highest question number `questions` hold, or `last` (the evaluation's mark) if higher. */
export const highestQuestionNumber = (questions: { id: string }[], last = 0) =>
  Math.max(last, ...questions.map((question) => questionNumber(question.id)));

/**
 * The questions with their ids, replacing `previous` (an edit, a new generation). Observations
 * record answers by id and the reports count misses per SOP and id, so an id names one question
 * for good: a question asked before (the same text, wherever it moved) keeps its id, and any
 * other takes a new one after the highest the evaluation ever gave (`last`, its
 * `lastQuestionNumber`, as `previous` may no longer hold it: an edit removed it), never the id
 * of one this replaces or one removed before.
 */
export function toStoredQuestions(
  questions: AuthoredQuestion[],
  previous: StoredQuestion[] = [],
  last = 0,
): StoredQuestion[] {
  const free = new Map<string, string[]>();
  for (const { id, text } of previous)
    free.set(sameText(text), [...(free.get(sameText(text)) ?? []), id]);
  let highest = highestQuestionNumber(previous, last);
  return questions.map((question) => {
    const id = free.get(sameText(question.text))?.shift() ?? `q${(highest += 1)}`;
    return { id, ...question };
  });
}

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
