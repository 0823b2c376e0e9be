import type { EntityManager } from 'typeorm';
import type { AuthoredQuestion, QuizGeneratedMessage } from '@hub/proto';
import type { z } from 'zod';
import type { DocumentEntity } from '../documents/document.entity.js';
import type { VersionsRepository } from '../versions/versions.repository.js';
import type { EvaluationEntity } from './evaluation.entity.js';
import type { EvaluationsRepository } from './evaluations.repository.js';
import { highestQuestionNumber, toStoredQuestions } from './evaluation-view.js';
import { type RevisedQuestions, reviseQuestions } from './targeted-regeneration.js';

type Generated = z.infer<typeof QuizGeneratedMessage>;
/** Reads a stored markdown file. */
export type ReadMarkdown = (key: string) => Promise<string>;

/**
 * Whether a processed version asks for a generation: there is no evaluation yet, or it was
 * built from an earlier version (it is revised where its source changed), or it is a draft as
 * generated, untouched. One a person edited, published, or that keeps questions of a published
 * one (a revision's marks) stands for the same version: processing it again (a retry after OCR
 * failed on a page) does not send their review back to a fresh draft; Regenerate does, on request.
 */
export function generationDue(existing: EvaluationEntity | null, version: number): boolean {
  if (!existing || existing.sourceVersion < version) return true;
  return (
    existing.status === 'draft' &&
    existing.updatedBy === null &&
    existing.changedQuestionIds.length === 0 &&
    existing.removedQuestions === 0
  );
}

/**
 * Whether a person edited or published the evaluation while generation `run` was under way (it
 * records the run then latest, `reviewedRun`), and the run would replace it whole: for the
 * version it was built from. Their review stands, as `generationDue` keeps it from a processing
 * retry; a Regenerate asked for after the review is a later run, and replaces it. A newer
 * version's generation still revises it (the questions the change is about are replaced).
 */
export function reviewedDuringRun(existing: EvaluationEntity, version: number, run: number) {
  return existing.sourceVersion >= version && existing.reviewedRun >= run;
}

/** A generation's outcome: the evaluation, and whether the generation went into it. */
export interface SavedGeneration {
  evaluationId: number;
  applied: boolean;
}

/**
 * Saves a generation as the document's evaluation. For the version the evaluation was built
 * from, the new generation replaces it, unless a person reviewed it since the run started; for
 * a newer version, only the questions whose source passage changed or was removed are replaced
 * (the others keep their ids), and a changed evaluation goes back to draft to be published again.
 */
export async function saveGeneratedEvaluation(
  db: EntityManager,
  repositories: { evaluations: EvaluationsRepository; versions: VersionsRepository },
  document: DocumentEntity,
  message: Generated,
  readMarkdown: ReadMarkdown,
): Promise<SavedGeneration> {
  const { evaluations, versions } = repositories;
  const existing = await evaluations.findGenerated(db, document.id);
  const last = existing?.lastQuestionNumber ?? 0;
  // A question the replaced evaluation asked keeps its id; a new one never takes an old one's.
  const questions = toStoredQuestions(message.draft.questions, existing?.questions, last);
  const replacement = {
    organizationId: document.organizationId,
    documentId: document.id,
    title: message.draft.title,
    description: message.draft.description,
    status: 'draft' as const,
    questions,
    lastQuestionNumber: highestQuestionNumber(questions, last),
    keyLearningPoints: message.draft.keyLearningPoints,
    generator: message.generator,
    generatorModel: message.generatorModel,
    promptUsed: message.promptUsed,
    updatedAt: new Date(),
    updatedBy: null,
    publishedAt: null,
    publishedBy: null,
    sourceVersion: document.currentVersion,
    changedQuestionIds: [],
    removedQuestions: 0,
  };
  if (!existing)
    return { evaluationId: await evaluations.insertGenerated(db, replacement), applied: true };
  if (reviewedDuringRun(existing, document.currentVersion, message.run))
    return { evaluationId: existing.id, applied: false };
  const revised = await revise(
    db,
    versions,
    existing,
    document,
    message.draft.questions,
    readMarkdown,
  );
  if (!revised || revised.questions.length === 0) {
    await evaluations.updateGenerated(db, existing.id, replacement);
  } else if (revised.changedIds.length === 0 && revised.removed === 0) {
    // No question is about what changed: the evaluation stands as reviewed.
    await evaluations.updateGenerated(db, existing.id, { sourceVersion: document.currentVersion });
  } else {
    const present = new Set(revised.questions.map((question) => question.id));
    await evaluations.updateGenerated(db, existing.id, {
      status: 'draft',
      questions: revised.questions,
      lastQuestionNumber: highestQuestionNumber(revised.questions, last),
      keyLearningPoints: message.draft.keyLearningPoints,
      generator: message.generator,
      generatorModel: message.generatorModel,
      promptUsed: message.promptUsed,
      updatedAt: new Date(),
      updatedBy: null,
      publishedAt: null,
      publishedBy: null,
      sourceVersion: document.currentVersion,
      // Marks of an earlier revision not yet published stay, for what is still there.
      changedQuestionIds: [
        ...existing.changedQuestionIds.filter((id) => present.has(id)),
        ...revised.changedIds,
      ],
      removedQuestions: existing.removedQuestions + revised.removed,
    });
  }
  return { evaluationId: existing.id, applied: true };
}

/**
 * After the generation revising the evaluation for a newer version failed: a published
 * evaluation asking about a passage that version changed or removed goes back to draft, its
 * questions as they were, so nobody is observed on steps no longer in force; one whose questions
 * are all still said stays published. It keeps the version it was built from, so a Regenerate
 * still revises only what changed. Whether it was withdrawn.
 */
export async function withdrawStaleEvaluation(
  db: EntityManager,
  repositories: { evaluations: EvaluationsRepository; versions: VersionsRepository },
  document: DocumentEntity,
  readMarkdown: ReadMarkdown,
): Promise<boolean> {
  const { evaluations, versions } = repositories;
  const existing = await evaluations.findGenerated(db, document.id);
  if (existing?.status !== 'published') return false;
  // Revised with no new question: what it removes is what the version made stale.
  const stale = await revise(db, versions, existing, document, [], readMarkdown);
  if (!stale || stale.removed === 0) return false;
  await evaluations.updateGenerated(db, existing.id, {
    status: 'draft',
    publishedAt: null,
    publishedBy: null,
    // An editor's save or publish of what they read before is refused: it is no longer live.
    updatedAt: new Date(),
  });
  return true;
}

/** The targeted revision, when the evaluation was built from an older, still readable version. */
async function revise(
  db: EntityManager,
  versions: VersionsRepository,
  existing: EvaluationEntity,
  document: DocumentEntity,
  generated: AuthoredQuestion[],
  readMarkdown: ReadMarkdown,
): Promise<RevisedQuestions | null> {
  if (existing.sourceVersion >= document.currentVersion || !document.markdownKey) return null;
  const source = await versions.find(document.id, existing.sourceVersion, db);
  if (!source?.markdownKey) return null;
  const [beforeMarkdown, afterMarkdown] = await Promise.all([
    readMarkdown(source.markdownKey),
    readMarkdown(document.markdownKey),
  ]);
  return reviseQuestions({
    previous: existing.questions,
    lastQuestionNumber: existing.lastQuestionNumber,
    generated,
    beforeMarkdown,
    afterMarkdown,
  });
}
