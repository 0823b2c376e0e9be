import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type LibraryDocument, ReviewEvaluation } from '@hub/proto';
import { z } from 'zod';
import { expectError, parseAnswer } from './api-client.js';
import { structuredSopPdf } from '../../../workers/pdf/src/test-support/sop-pdf.ts';
import { COOLING_SOP, ENFRIAMIENTO_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

let stack: TestStack;
let workers: RunningWorkers;
let ann: ApiSession;
let mo: ApiSession;
let gina: ApiSession;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'mo@acme.test',
    password: 'Acme-Manager-1',
    role: 'manager',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  mo = await signedIn(stack, 'mo@acme.test', 'Acme-Manager-1');
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

const upload = (data: Buffer, title: string, name = `${title}.pdf`) =>
  ann.uploadTo(api.uploadDocument, { title }, { name, data });

async function uploadAndSettle(lines: string[], title: string): Promise<LibraryDocument> {
  return uploadedAndSettled((await upload(sopPdf(lines), title)).id);
}

const documentOf = (id: number) => ann.call(api.document, { params: { id } });

/** The evaluation as reviewers see it, with the correct answers. */
async function review(id: number): Promise<ReviewEvaluation> {
  return ReviewEvaluation.parse(await ann.call(api.documentEvaluation, { params: { id } }));
}

/** The questions as the server sent them, every field kept (a response schema drops extra ones). */
const SentQuestions = z.object({ questions: z.array(z.looseObject({})) });

/** Waits until the document's evaluation is generated or something failed. */
async function uploadedAndSettled(id: number): Promise<LibraryDocument> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const document = await documentOf(id);
    if (
      document.evaluationGenerated ||
      document.evaluationGenerationError ||
      document.processingError
    )
      return document;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Document ${id} did not settle within 60 s`);
}

describe('evaluations generated from SOPs', () => {
  let document: LibraryDocument;
  const evaluationOf = (session: ApiSession) =>
    session.call(api.documentEvaluation, { params: { id: document.id } });
  const quiz = (session: ApiSession) =>
    session.call(api.quiz, { params: { id: document.evaluationId! } });

  beforeAll(async () => {
    document = await uploadAndSettle(COOLING_SOP, 'Cooling cooked food');
  });

  it('processes the SOP and generates a draft evaluation with the offline generator', async () => {
    expect(document).toMatchObject({
      sopProcessed: true,
      evaluationGenerated: true,
      evaluationGenerationError: null,
    });
    expect(document.progress.stage).toBe('done');
    const evaluation = await review(document.id);
    expect(evaluation).toMatchObject({ status: 'draft', generator: 'offline' });
    expect(evaluation.questions.length).toBeGreaterThanOrEqual(3);
    const text = COOLING_SOP.join(' ').toLowerCase().replace(/\s+/g, ' ');
    for (const question of evaluation.questions) {
      expect(question.options.length).toBeGreaterThanOrEqual(3);
      expect(new Set(question.options).size).toBe(question.options.length);
      expect(question.correctOption).toBe('ABCDEFGH'[question.correctIndex!]);
      const answer = question.options[question.correctIndex!]!.toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/°/g, '');
      expect(text.replace(/°/g, ''), question.text).toContain(
        answer
          .replace(/\s*°\s*/g, ' ')
          .trim()
          .split(' ')[0],
      );
    }
    // "Evaluation generated" is told to identity after the library commits the flag waited for.
    await expect
      .poll(async () =>
        (await ann.call(api.notifications)).notifications.map((notice) => notice.title),
      )
      .toEqual(expect.arrayContaining(['Document processed', 'Evaluation generated']));
  });

  it('writes the questions of a Spanish SOP in Spanish', async () => {
    const spanish = await uploadAndSettle(ENFRIAMIENTO_SOP, 'Enfriamiento');
    expect(spanish).toMatchObject({ evaluationGenerated: true, evaluationGenerationError: null });
    const evaluation = await review(spanish.id);
    expect(evaluation.title).toBe('Evaluación: Enfriamiento');
    expect(evaluation.description).toMatch(/^Comprueba que se entiende el procedimiento/);
    expect(evaluation.questions.length).toBeGreaterThanOrEqual(3);
    const sop = ENFRIAMIENTO_SOP.join(' ');
    for (const question of evaluation.questions) {
      // A Spanish question: its words, no English template left.
      expect(question.text, question.text).toMatch(/¿|Según|paso|procedimiento|sección/);
      expect(question.text, question.text).not.toMatch(/\b(What|Which|step|the SOP|section)\b/);
      // Its answer is the SOP's own Spanish text.
      const answer = question.options[question.correctIndex!]!;
      expect(sop.toLowerCase()).toContain(answer.toLowerCase().slice(0, 12));
    }
    expect(evaluation.questions.map((question) => question.text).join('\n')).toContain(
      'la temperatura requerida',
    );
  });

  it('never gives the correct answers to those who do not review evaluations', async () => {
    const sent = await mo.send(api.documentEvaluation, { params: { id: document.id } });
    expect(sent.status).toBe(200);
    const forManager = SentQuestions.parse(sent.body);
    expect(forManager.questions.length).toBeGreaterThan(0);
    for (const question of forManager.questions) {
      expect(question).not.toHaveProperty('correctIndex');
      expect(question).not.toHaveProperty('correctOption');
      expect(question).not.toHaveProperty('explanation');
      expect(question).not.toHaveProperty('sourcePassage');
    }
    const byId = await mo.send(api.quiz, { params: { id: document.evaluationId! } });
    expect(byId.status).toBe(200);
    expect(JSON.stringify(byId.body)).not.toContain('correctIndex');
  });

  it('answers 404 with the spec message for a document without an evaluation, and keeps other organizations out', async () => {
    const short = await upload(sopPdf(['Hello']), 'No text', 'n.pdf');
    const missing = ann.call(api.documentEvaluation, { params: { id: short.id } });
    expect((await expectError(missing, 404)).message).toBe(
      'No evaluation available for this document',
    );
    await expectError(evaluationOf(gina), 404);
    await expectError(quiz(gina), 404);
  });

  it('lets reviewers edit and publish, and refuses managers', async () => {
    const evaluation = await review(document.id);
    const draft = {
      title: 'Cooling food safely',
      description: evaluation.description,
      keyLearningPoints: [...evaluation.keyLearningPoints, 'Cool to 5 °C within 6 hours in total.'],
      questions: [
        ...evaluation.questions
          .slice(1)
          .map(({ text, category, options, correctIndex, explanation, sourcePassage }) => ({
            text,
            category,
            options,
            correctIndex: correctIndex!,
            explanation: explanation!,
            sourcePassage: sourcePassage!,
          })),
        {
          text: 'What is the highest storage temperature of the walk-in refrigerator?',
          category: 'Safety',
          options: ['3 °C', '8 °C', '12 °C'],
          correctIndex: 0,
          explanation: 'Step 7: store at 3 °C or below.',
          sourcePassage: 'Store the cooled food in the walk-in refrigerator at 3 °C or below.',
        },
      ],
    };
    const params = { id: document.id };
    const duplicate = ann.call(api.updateEvaluation, {
      params,
      body: {
        ...draft,
        questions: [{ ...draft.questions.at(-1)!, options: ['3 °C', '3 °C', '12 °C'] }],
      },
    });
    expect((await expectError(duplicate, 400)).message).toBe('Options must all be different.');
    await expectError(mo.call(api.updateEvaluation, { params, body: draft }), 403);
    const saved = ReviewEvaluation.parse(
      await ann.call(api.updateEvaluation, { params, body: draft }),
    );
    expect(saved).toMatchObject({ title: 'Cooling food safely', status: 'draft' });
    expect(saved.questions.at(-1)).toMatchObject({ correctOption: 'A' });

    await expectError(mo.call(api.publishEvaluation, { params }), 403);
    const published = await ann.call(api.publishEvaluation, { params });
    expect(published).toMatchObject({ status: 'published' });
    expect((await quiz(mo)).status).toBe('published');
  });

  it('regenerates on request, back to draft', async () => {
    const answer = await ann.send(api.regenerateEvaluation, { params: { id: document.id } });
    expect(answer.status).toBe(200);
    const regenerating = parseAnswer(api.regenerateEvaluation, answer);
    expect(regenerating.progress.stage).toBe('generating_evaluation');
    await expect
      .poll(async () => (await evaluationOf(ann)).status, { timeout: 30_000 })
      .toBe('draft');
  });
});

describe('evaluation generation failures', () => {
  it('records a readable reason and retries generation on the server', async () => {
    const document = await uploadAndSettle(
      ['# Note', 'Keep the area tidy and report problems to your supervisor.'],
      'Tidy',
    );
    expect(document.sopProcessed).toBe(true);
    expect(document.evaluationGenerationError).toBe(
      'The SOP text is too short to generate an evaluation.',
    );
    const retried = await ann.send(api.retryDocument, { params: { id: document.id } });
    expect(retried.status).toBe(200);
    const runs = await stack.library.dataSource.query(
      `SELECT evaluation_run FROM documents WHERE id = $1`,
      [document.id],
    );
    expect(runs[0].evaluation_run).toBe(2);
    await expect
      .poll(async () => (await documentOf(document.id)).evaluationGenerationError, {
        timeout: 30_000,
      })
      .toBe('The SOP text is too short to generate an evaluation.');
  });
});

describe('processed content', () => {
  it('serves the markdown and the extracted images of a processed SOP', async () => {
    const pdf = Buffer.from(await structuredSopPdf());
    const uploaded = await upload(pdf, 'Structured', 'structured.pdf');
    const document = await uploadedAndSettled(uploaded.id);
    expect(document.sopProcessed).toBe(true);
    expect(document.imageCount).toBeGreaterThan(0);
    const content = await ann.call(api.documentMarkdown, { params: { id: document.id } });
    expect(content.markdown).toMatch(/^# /m);
    const reference = content.markdown.match(/\((img-\d+)\.png\)/);
    expect(reference).not.toBeNull();
    const imageOf = (session: ApiSession, imgId: string) =>
      session.call(api.documentImage, { params: { id: document.id, imgId } });
    const image = await imageOf(ann, reference![1]!);
    const file = await fetch(`${stack.url}${image.presignedUrl}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    await expectError(imageOf(gina, reference![1]!), 404);
    await expectError(imageOf(ann, 'img-999'), 404);
  });
});
