import { expect } from 'vitest';
import { api } from '@hub/proto';
import type { ApiSession } from './test-stack.js';

/** Correct answers A, B, C: the evaluation is replaced by these so the operator surely passes. */
export const KNOWN_QUESTIONS = [
  { text: 'Cool from 63 °C to 21 °C within?', options: ['2 hours', '4 hours', '6 hours'] },
  { text: 'Store cooled food at?', options: ['8 °C', '3 °C or below', '12 °C'] },
  { text: 'Shallow containers at most?', options: ['10 cm', '20 cm', '5 cm'] },
].map((question, index) => ({
  ...question,
  correctIndex: index,
  category: 'Safety',
  explanation: 'From the SOP.',
  sourcePassage: 'Cooling Cooked Food',
}));

/**
 * The trainer replaces the SOP's evaluation by one with known answers, publishes it, and
 * observes the operator answering all of them right: a pass, which issues (or renews) the
 * operator's certification on the SOP.
 */
export async function certifyOperator(
  trainer: ApiSession,
  documentId: number,
  operatorId: number,
): Promise<void> {
  const params = { id: documentId };
  await trainer.call(api.updateEvaluation, {
    params,
    body: {
      title: 'Cooling cooked food',
      description: 'Cooling',
      keyLearningPoints: ['Cool fast.'],
      questions: KNOWN_QUESTIONS,
    },
  });
  const published = await trainer.call(api.publishEvaluation, { params });
  const { id } = await trainer.call(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId: published.id, operatorId },
  });
  const session = await trainer.call(api.observation, { params: { id } });
  let last: unknown = {};
  for (const [index, letter] of ['A', 'B', 'C'].entries()) {
    last = await trainer.call(api.observationResponse, {
      params: { id },
      body: {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
        selectedOptionText: '',
        timeSpentSeconds: 5,
        managerNotes: '',
      },
    });
  }
  expect(last).toMatchObject({ completed: true, passed: true });
}
