import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ReviewQuestion } from '@hub/proto';
import { expectError } from './api-client.js';
import type { ApiSession } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { COOLING_QUESTIONS, publishedCoolingSop } from './evaluated-document.js';
import {
  type ObservationCast,
  startObservationCast,
  stopObservationCast,
} from './observation-cast.js';

// A reviewer observed on an SOP is answering its evaluation: until the observation is completed,
// they read it as an operator does, without the answers.

const QUESTIONS = COOLING_QUESTIONS.slice(0, 2);

let cast: ObservationCast;
let tess: ApiSession;
let tina: ApiSession;
let tinaId: number;
let observedSop: { documentId: number; evaluationId: number };
let otherSop: { documentId: number; evaluationId: number };

beforeAll(async () => {
  cast = await startObservationCast();
  const { stack, acmeId } = cast;
  tess = cast.tess;
  tinaId = await stack.createUser({
    email: 'tina@acme.test',
    name: 'Tina Trainee',
    password: 'Acme-Super-2',
    role: 'training_supervisor',
    organizationId: acmeId,
  });
  tina = await signedIn(stack, 'tina@acme.test', 'Acme-Super-2');
  observedSop = await publishedCoolingSop(tess, QUESTIONS);
  otherSop = await publishedCoolingSop(tess, QUESTIONS);
});

afterAll(() => stopObservationCast(cast));

/**
 * What `session` reads of the SOP's evaluation, by both routes: each question's answer and
 * explanation, or the fields it came with when it has none.
 */
async function revealed(session: ApiSession, sop: { documentId: number; evaluationId: number }) {
  const byDocument = await session.call(api.documentEvaluation, {
    params: { id: sop.documentId },
  });
  const byId = await session.call(api.quiz, { params: { id: sop.evaluationId } });
  return [byDocument, byId].map((evaluation) =>
    evaluation.questions.map((question: object) => {
      const review = ReviewQuestion.safeParse(question);
      if (!review.success) return Object.keys(question).sort();
      const { correctOption, correctIndex, explanation } = review.data;
      return [correctOption, correctIndex, explanation];
    }),
  );
}

const SHOWN = [
  ['A', 0, 'From the SOP.'],
  ['B', 1, 'From the SOP.'],
];
const QUESTION_ONLY = ['category', 'id', 'options', 'text'];
const HIDDEN = [QUESTION_ONLY, QUESTION_ONLY];

describe('a training supervisor observed on an SOP', () => {
  it("reads that SOP's evaluation without its answers until the observation is completed", async () => {
    expect(await revealed(tina, observedSop)).toEqual([SHOWN, SHOWN]);
    const { id } = await tess.call(api.createObservation, {
      body: {
        sopDocumentId: observedSop.documentId,
        evaluationId: observedSop.evaluationId,
        operatorId: tinaId,
      },
    });

    // Observed on it: as an operator reads it, on every route that answers it.
    expect(await revealed(tina, observedSop)).toEqual([HIDDEN, HIDDEN]);
    const document = { params: { id: observedSop.documentId } };
    const published = await expectError(
      tina.call(api.publishEvaluation, { ...document, body: {} }),
      403,
      'evaluation_observed',
    );
    expect(published.message).toBe(
      'You are being observed on this SOP. Its evaluation can be edited once your observation is completed.',
    );
    const draft = {
      title: 'Cooling cooked food',
      description: '',
      keyLearningPoints: ['Cool fast.'],
      questions: QUESTIONS,
    };
    await expectError(
      tina.call(api.updateEvaluation, { ...document, body: draft }),
      403,
      'evaluation_observed',
    );
    // Another SOP's evaluation, and the observer's view of this one, keep their answers.
    expect(await revealed(tina, otherSop)).toEqual([SHOWN, SHOWN]);
    expect(await revealed(tess, observedSop)).toEqual([SHOWN, SHOWN]);

    const session = await tess.call(api.observation, { params: { id } });
    for (const [index, letter] of ['A', 'B'].entries()) {
      await tess.call(api.observationResponse, {
        params: { id },
        body: { questionId: session.questions[index]!.id, selectedOption: letter },
      });
    }
    const done = await tess.call(api.observation, { params: { id } });
    expect(done.status).toBe('completed');

    // Completed: the reviewer's view is back.
    expect(await revealed(tina, observedSop)).toEqual([SHOWN, SHOWN]);
    const republished = await tina.call(api.publishEvaluation, { ...document, body: {} });
    expect(republished.questions.map((question) => question.correctOption)).toEqual(['A', 'B']);
  });
  it("cannot read another's observation of that SOP, its answers marked, until hers is completed", async () => {
    const answered = async (operatorId: number) => {
      const { id } = await tess.call(api.createObservation, {
        body: {
          sopDocumentId: observedSop.documentId,
          evaluationId: observedSop.evaluationId,
          operatorId,
        },
      });
      return id;
    };
    const complete = async (id: number) => {
      const session = await tess.call(api.observation, { params: { id } });
      for (const [index, letter] of ['A', 'C'].entries()) {
        await tess.call(api.observationResponse, {
          params: { id },
          body: { questionId: session.questions[index]!.id, selectedOption: letter },
        });
      }
    };
    const otto = await answered(cast.ottoId);
    await complete(otto);
    expect((await tina.call(api.observation, { params: { id: otto } })).responses).toHaveLength(2);

    const hers = await answered(tinaId);
    const refused = await expectError(
      tina.call(api.observation, { params: { id: otto } }),
      403,
      'observation_of_observed_sop',
    );
    expect(refused.message).toBe(
      'You are being observed on this SOP. Other observations of it can be read once yours is completed.',
    );
    await expectError(
      tina.call(api.observationFindings, { params: { id: otto } }),
      403,
      'observation_of_observed_sop',
    );
    // Nor can she observe another on it meanwhile: the session would show her the answers.
    await expectError(
      tina.call(api.createObservation, {
        body: {
          sopDocumentId: observedSop.documentId,
          evaluationId: observedSop.evaluationId,
          operatorId: cast.ottoId,
        },
      }),
      403,
      'observing_while_observed',
    );
    // Her own session reads as before, and the observer reads both.
    expect((await tina.call(api.observation, { params: { id: hers } })).status).toBe('in_progress');
    expect((await tess.call(api.observation, { params: { id: otto } })).responses).toHaveLength(2);

    await complete(hers);
    expect((await tina.call(api.observation, { params: { id: otto } })).responses).toHaveLength(2);
  });
});
