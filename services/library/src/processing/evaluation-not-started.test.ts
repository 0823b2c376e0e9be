import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS } from '@hub/proto';
import type { ObjectStorage, WebhookAnnouncer } from '@hub/kit';
import type { AcknowledgementRequests } from '../acknowledgements/acknowledgement-requests.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import type { SafetyReobservation } from '../versions/safety-reobservation.js';
import { LibraryInbox } from './library-inbox.js';
import type { LibraryNotifier } from './library-notifier.js';
import type { QuizGeneration } from './quiz-generation.js';

/** The private step asking the quiz worker, as the processing's follow-up runs it. */
interface AsksForEvaluation {
  requestEvaluation(document: DocumentEntity): Promise<void>;
}

describe('an evaluation generation that could not be asked for', () => {
  it("is recorded in the generic sentence, not in the database's words", async () => {
    const recorded: string[] = [];
    const quiz = {
      request: async () => {
        throw new Error('relation "organization_settings" does not exist');
      },
    } as unknown as QuizGeneration;
    const inbox = new LibraryInbox(
      {} as DataSource,
      {} as ObjectStorage,
      quiz,
      {} as LibraryNotifier,
      {} as AcknowledgementRequests,
      {} as SafetyReobservation,
      {} as WebhookAnnouncer,
    );
    Object.assign(inbox, {
      runs: {
        recordEvaluationNotStarted: async (_id: number, _run: number, reason: string) => {
          recorded.push(reason);
        },
      },
    });
    const document = { id: 4, evaluationRun: 2 } as DocumentEntity;
    await (inbox as unknown as AsksForEvaluation).requestEvaluation(document);
    expect(recorded).toEqual([FAILURE_REASONS.unexpected_error]);
  });
});
