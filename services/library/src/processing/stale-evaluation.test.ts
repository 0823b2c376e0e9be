import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage, WebhookAnnouncer } from '@hub/kit';
import type { AcknowledgementRequests } from '../acknowledgements/acknowledgement-requests.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import type { DocumentVersionEntity } from '../documents/document-version.entity.js';
import type { EvaluationEntity, StoredQuestion } from '../evaluations/evaluation.entity.js';
import type { EvaluationChanges } from '../evaluations/evaluations.repository.js';
import type { SafetyReobservation } from '../versions/safety-reobservation.js';
import { LibraryInbox } from './library-inbox.js';
import type { LibraryNotifier } from './library-notifier.js';
import type { QuizGeneration } from './quiz-generation.js';

const SOP_V1 =
  '# Cooling\n\n## Steps\n\n1. Cool the food within 2 hours.\n2. Label the container.\n';
const SOP_V2 = SOP_V1.replace('within 2 hours', 'within 90 minutes');
const STORED: Record<string, string> = { 'v1/content.md': SOP_V1, 'v2/content.md': SOP_V2 };

const question = (id: string, sourcePassage: string): StoredQuestion => ({
  id,
  text: `About ${sourcePassage}`,
  category: 'Procedure',
  options: ['Yes', 'No', 'Maybe'],
  correctIndex: 0,
  explanation: '',
  sourcePassage,
});

/**
 * The inbox with an evaluation published from version 1, the document at version 2 (`v2`'s
 * markdown) and its revision's generation running; what the failure wrote to it is `written`.
 */
function inboxAfterVersion2(questions: StoredQuestion[]) {
  const written: EvaluationChanges[] = [];
  const published = {
    id: 5,
    documentId: 9,
    status: 'published',
    publishedAt: new Date(),
    publishedBy: 3,
    sourceVersion: 1,
    questions,
    lastQuestionNumber: questions.length,
    changedQuestionIds: [],
    removedQuestions: 0,
  } as unknown as EvaluationEntity;
  const document = {
    id: 9,
    organizationId: 1,
    title: 'Cooling',
    uploadedBy: 3,
    currentVersion: 2,
    markdownKey: 'v2/content.md',
  } as DocumentEntity;
  const storage = {
    get: (key: string) => Promise.resolve(Readable.from([STORED[key] ?? ''])),
  } as unknown as ObjectStorage;
  const inbox = new LibraryInbox(
    {} as DataSource,
    storage,
    {} as QuizGeneration,
    { tell: () => Promise.resolve() } as unknown as LibraryNotifier,
    {} as AcknowledgementRequests,
    {} as SafetyReobservation,
    {} as WebhookAnnouncer,
  );
  Object.assign(inbox, {
    documents: { findById: () => Promise.resolve(document) },
    runs: {
      transaction: (work: (tx: EntityManager) => Promise<unknown>) => work({} as EntityManager),
      changeStage: () => Promise.resolve(true),
    },
    evaluations: {
      findGenerated: () => Promise.resolve(published),
      updateGenerated: (_tx: unknown, _id: number, changes: EvaluationChanges) => {
        written.push(changes);
        return Promise.resolve();
      },
    },
    versions: {
      find: (_documentId: number, version: number) =>
        Promise.resolve({
          version,
          markdownKey: `v${version}/content.md`,
        } as DocumentVersionEntity),
    },
  });
  return { inbox, written };
}

const failed = { kind: 'quiz.failed', documentId: 9, run: 2, reason: 'The model is away.' };

describe("a new version's evaluation revision that failed", () => {
  it('withdraws a published evaluation asking about a step the version changed', async () => {
    const { inbox, written } = inboxAfterVersion2([
      question('q1', 'Cool the food within 2 hours.'),
      question('q2', 'Label the container.'),
    ]);
    await inbox.handle(failed);
    // Nobody may be observed on the old cooling time any longer; the questions stay for review.
    expect(written).toEqual([
      expect.objectContaining({ status: 'draft', publishedAt: null, publishedBy: null }),
    ]);
    expect(written[0]).not.toHaveProperty('questions');
  });

  it('leaves it published when no question is about what changed', async () => {
    const { inbox, written } = inboxAfterVersion2([question('q2', 'Label the container.')]);
    await inbox.handle(failed);
    expect(written).toEqual([]);
  });
});
