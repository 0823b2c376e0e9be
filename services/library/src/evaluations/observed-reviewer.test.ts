import type { Actor } from '@hub/proto';
import { RpcCallError, type RpcClient, type WebhookAnnouncer } from '@hub/kit';
import { describe, expect, it } from 'vitest';
import type { DocumentsService } from '../documents/documents.service.js';
import type { QuizGeneration } from '../processing/quiz-generation.js';
import type { EvaluationEntity } from './evaluation.entity.js';
import { toStoredQuestions } from './evaluation-view.js';
import type { EvaluationsRepository } from './evaluations.repository.js';
import { EvaluationsService } from './evaluations.service.js';

const row = {
  id: 4,
  organizationId: 1,
  documentId: 9,
  title: 'Cooling',
  description: '',
  status: 'published',
  keyLearningPoints: [],
  generator: 'offline',
  generatorModel: null,
  promptUsed: null,
  createdAt: new Date('2026-12-01T00:00:00Z'),
  updatedAt: new Date('2026-12-01T00:00:00Z'),
  publishedAt: new Date('2026-12-01T00:00:00Z'),
  questions: toStoredQuestions([
    {
      text: 'Within how long must food be cooled?',
      category: 'Safety',
      options: ['2 hours', '6 hours', '1 day'],
      correctIndex: 0,
      explanation: 'From the SOP.',
      sourcePassage: '',
    },
  ]),
} as unknown as EvaluationEntity;

const supervisor: Actor = {
  userId: 7,
  organizationId: 1,
  role: 'training_supervisor',
} as Actor;

/** The service, its question to observation answered by `observed`. */
function service(observed: () => Promise<number[]>) {
  const evaluations = {
    findInOrganization: async () => row,
  } as unknown as EvaluationsRepository;
  const rpc = { call: observed } as unknown as RpcClient;
  return new EvaluationsService(
    evaluations,
    {} as DocumentsService,
    {} as QuizGeneration,
    {} as WebhookAnnouncer,
    rpc,
  );
}

const answers = (evaluation: { questions: object[] }) =>
  evaluation.questions.map((question) => 'correctOption' in question);

describe("a reviewer's read of an evaluation", () => {
  it('shows the answers when observation says the reviewer is not observed on it', async () => {
    const evaluation = await service(async () => [3]).get(supervisor, row.id);
    expect(answers(evaluation)).toEqual([true]);
  });

  it('serves the questions without answers when observation does not answer, rather than failing', async () => {
    const away = async () => {
      throw new RpcCallError({ kind: 'unavailable', message: 'no answer' });
    };
    const evaluation = await service(away).get(supervisor, row.id);
    expect(answers(evaluation)).toEqual([false]);
  });
});
