import { api, type EvaluationDraft } from '@hub/proto';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import type { ApiSession } from './test-stack.js';

export type EvaluatedDocument = {
  evaluationGenerated: boolean;
  evaluationId: number;
};

/**
 * The document once the stack's pdf and quiz workers have generated its evaluation, asked every
 * 250 ms until `timeoutMs`.
 */
export async function evaluatedDocument(
  session: ApiSession,
  id: number,
  timeoutMs = 60_000,
): Promise<EvaluatedDocument> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const document = await session.call(api.document, { params: { id } });
    const { evaluationGenerated, evaluationId } = document;
    if (evaluationGenerated && evaluationId !== null) return { evaluationGenerated, evaluationId };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no evaluation within ${timeoutMs / 1000} s`);
}

type QuestionDraft = EvaluationDraft['questions'][number];

/** Questions of the cooling SOP as a reviewer writes them: the text, options and right one. */
export function coolingQuestions(
  questions: Pick<QuestionDraft, 'text' | 'options' | 'correctIndex'>[],
): QuestionDraft[] {
  return questions.map((question) => ({
    ...question,
    category: 'Safety',
    explanation: 'From the SOP.',
    sourcePassage: 'Cooling Cooked Food',
  }));
}

/** Three questions of the cooling SOP, the right answers 0, 1 and 1; tests take the first few. */
export const COOLING_QUESTIONS = coolingQuestions([
  {
    text: 'Within how long must food be cooled?',
    options: ['2 hours', '6 hours', '1 day'],
    correctIndex: 0,
  },
  {
    text: 'Where is cooled food stored?',
    options: ['8 °C', '3 °C or below', '12 °C'],
    correctIndex: 1,
  },
  { text: 'How deep are the containers?', options: ['10 cm', '5 cm', '20 cm'], correctIndex: 1 },
]);

/**
 * The cooling SOP uploaded by `session`, its generated evaluation (the stack's workers) replaced
 * by `questions` and published: what an observation of it asks, known to the test.
 */
export async function publishedCoolingSop(
  session: ApiSession,
  questions: QuestionDraft[],
): Promise<{ documentId: number; evaluationId: number }> {
  const draft = await coolingSopDraft(session, questions);
  await session.call(api.publishEvaluation, { params: { id: draft.documentId } });
  return draft;
}

/** As publishedCoolingSop, its evaluation left unpublished (a draft no observation may use). */
export async function coolingSopDraft(
  session: ApiSession,
  questions: QuestionDraft[],
): Promise<{ documentId: number; evaluationId: number }> {
  const { id: documentId } = await session.uploadTo(
    api.uploadDocument,
    { title: 'Cooling' },
    { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  const { evaluationId } = await evaluatedDocument(session, documentId);
  const document = { params: { id: documentId } };
  const evaluation = await session.call(api.documentEvaluation, document);
  await session.call(api.updateEvaluation, {
    ...document,
    body: {
      title: 'Cooling cooked food',
      description: evaluation.description,
      keyLearningPoints: ['Cool fast.'],
      questions,
    },
  });
  return { documentId, evaluationId };
}
