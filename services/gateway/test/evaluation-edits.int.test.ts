import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  type EvaluationDraft,
  type PdfProcessingJob,
  type ReviewEvaluation,
} from '@hub/proto';
import type { Queue } from 'bullmq';
import type { LibraryInbox } from '../../library/src/processing/library-inbox.js';
import { libraryInbox, type PlayedLibrary, quizGenerated, storedRun } from './library-inbox.js';
import { errorOf, expectError } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Edits of an evaluation made from what the editor read, generations that end while a person
 * reviews, and which version the staff markdown shows. No worker runs: the test hands the
 * library's inbox what the PDF and quiz workers would report.
 */
let stack: TestStack;
let ann: ApiSession;
let tess: ApiSession;
let played: PlayedLibrary;
let jobs: Queue<PdfProcessingJob>;
let inbox: LibraryInbox;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
    'training_supervisor',
  ]);
  ann = acme.members.admin.session;
  tess = acme.members.training_supervisor.session;
  played = libraryInbox(stack);
  ({ inbox, jobs } = played);
});

afterAll(async () => {
  await played?.close();
  await stack?.stop();
});

/** What the PDF worker stores of a run that read `markdown`, reported to the inbox. */
async function processed(documentId: number, run: number, markdown: string) {
  const read = { pageCount: 1, ocrPages: 0, ocrError: null };
  await inbox.handle(await storedRun(stack, jobs, documentId, run, markdown, read));
}

/** A processed SOP with its generated draft evaluation (generation run 1). */
async function sopWithDraft(title: string): Promise<number> {
  const file = { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) };
  const { id } = await ann.uploadTo(api.uploadDocument, { title }, file);
  await processed(id, 1, `# ${title}\n\n1. Cool food within 2 hours.\n`);
  await inbox.handle(quizGenerated(id, 1, 'When must cooked food be cooled?'));
  return id;
}

const review = async (session: ApiSession, id: number) =>
  (await session.call(api.documentEvaluation, { params: { id } })) as ReviewEvaluation;

/** The evaluation as an editor sends it back, with a new title. */
function draftOf(evaluation: ReviewEvaluation, title: string): EvaluationDraft {
  return {
    title,
    description: evaluation.description,
    keyLearningPoints: evaluation.keyLearningPoints,
    questions: evaluation.questions.map((question) => ({
      text: question.text,
      category: question.category,
      options: question.options,
      correctIndex: question.correctIndex,
      explanation: question.explanation,
      sourcePassage: question.sourcePassage,
    })),
  };
}

const save = (session: ApiSession, id: number, body: EvaluationDraft & { updatedAt?: string }) =>
  session.send(api.updateEvaluation, { params: { id }, body });

describe('an edit names the evaluation it was made from', () => {
  it('refuses a save made from a read another save replaced, and keeps that save', async () => {
    const id = await sopWithDraft('Cooling rice');
    const annRead = await review(ann, id);
    const tessRead = await review(tess, id);
    const first = await save(tess, id, {
      ...draftOf(tessRead, 'Cooling rice safely'),
      updatedAt: tessRead.updatedAt,
    });
    expect(first.status).toBe(200);

    const stale = await save(ann, id, {
      ...draftOf(annRead, 'Rice'),
      updatedAt: annRead.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'evaluation_changed',
      message: 'This evaluation was changed by someone else. Reload to see the latest version.',
    });
    const latest = await review(ann, id);
    expect(latest.title).toBe('Cooling rice safely');

    // Made again from the latest version, the edit is saved, and the next one names its answer.
    const again = await save(ann, id, { ...draftOf(latest, 'Rice'), updatedAt: latest.updatedAt });
    expect(again.status).toBe(200);
    const saved = again.body as ReviewEvaluation;
    expect(saved.title).toBe('Rice');
    expect(saved.updatedAt).not.toBe(latest.updatedAt);
    const next = await save(ann, id, {
      ...draftOf(saved, 'Rice, cooled'),
      updatedAt: saved.updatedAt,
    });
    expect(next.status).toBe(200);
  });

  it('lets one of two saves made from the same read at once through', async () => {
    const id = await sopWithDraft('Cooling soup');
    const read = await review(ann, id);
    const answers = await Promise.all(
      ['Soup A', 'Soup B'].map((title, index) =>
        save(index === 0 ? ann : tess, id, { ...draftOf(read, title), updatedAt: read.updatedAt }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!.body as ReviewEvaluation;
    expect((await review(ann, id)).title).toBe(won.title);
  });

  it('refuses a save made from a draft a regeneration replaced meanwhile', async () => {
    const id = await sopWithDraft('Cooling stock');
    const read = await review(ann, id);
    await ann.call(api.regenerateEvaluation, { params: { id } });
    await inbox.handle(quizGenerated(id, 2, 'How fast must stock be cooled?'));
    const stale = await save(ann, id, { ...draftOf(read, 'Stock'), updatedAt: read.updatedAt });
    expect(stale.status).toBe(409);
    expect((await review(ann, id)).questions[0]!.text).toBe('How fast must stock be cooled?');
  });

  it('refuses an instant that is not one with 400, and saves an API client edit without one', async () => {
    const id = await sopWithDraft('Cooling beans');
    const read = await review(ann, id);
    await expectError(
      ann.call(api.updateEvaluation, {
        params: { id },
        invalidBody: { ...draftOf(read, 'Beans'), updatedAt: 'yesterday' },
      }),
      400,
    );
    // Without `updatedAt` (API clients written before it): the save is the last word, as before.
    const saved = await ann.call(api.updateEvaluation, {
      params: { id },
      body: draftOf(read, 'Beans'),
    });
    expect(saved.title).toBe('Beans');
  });
});

/**
 * Observations record answers by question id and the insights count misses per SOP and id: an
 * edit renumbered the questions, so an id named another question after it.
 */
describe("an edit keeps each question's id", () => {
  it('keeps the id of a question moved, and gives a new one an id never used', async () => {
    const id = await sopWithDraft('Cooling stock');
    const read = await review(ann, id);
    const [cooled] = draftOf(read, 'Cooling stock').questions;
    const question = (text: string) => ({ ...cooled!, text });
    const first = await save(ann, id, {
      ...draftOf(read, 'Cooling stock'),
      questions: [question('Where is stock cooled?'), cooled!],
      updatedAt: read.updatedAt,
    });
    const moved = (first.body as ReviewEvaluation).questions;
    expect(moved.map((asked) => [asked.id, asked.text])).toEqual([
      ['q2', 'Where is stock cooled?'],
      ['q1', 'When must cooked food be cooled?'],
    ]);

    const second = await save(ann, id, {
      ...draftOf(read, 'Cooling stock'),
      questions: [question('Where is stock cooled?'), question('How is stock labelled?')],
      updatedAt: (first.body as ReviewEvaluation).updatedAt,
    });
    expect((second.body as ReviewEvaluation).questions.map((asked) => asked.id)).toEqual([
      'q2',
      'q3',
    ]);

    // One edit removes the last question, q3; a later one adds a question: it is not q3 again.
    const third = await save(ann, id, {
      ...draftOf(read, 'Cooling stock'),
      questions: [question('Where is stock cooled?')],
      updatedAt: (second.body as ReviewEvaluation).updatedAt,
    });
    const fourth = await save(ann, id, {
      ...draftOf(read, 'Cooling stock'),
      questions: [question('Where is stock cooled?'), question('Who checks the probe?')],
      updatedAt: (third.body as ReviewEvaluation).updatedAt,
    });
    expect((fourth.body as ReviewEvaluation).questions.map((asked) => asked.id)).toEqual([
      'q2',
      'q4',
    ]);
  });
});

describe('a publication names the evaluation it was read from', () => {
  it('refuses to publish a version saved after the publisher read it, and publishes the one read', async () => {
    const id = await sopWithDraft('Cooling pasta');
    const annRead = await review(ann, id);
    const tessRead = await review(tess, id);
    await save(tess, id, { ...draftOf(tessRead, 'Pasta, changed'), updatedAt: tessRead.updatedAt });

    const stale = await ann.send(api.publishEvaluation, {
      params: { id },
      body: { updatedAt: annRead.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'evaluation_changed' });
    expect((await review(ann, id)).status).toBe('draft');

    const latest = await review(ann, id);
    const published = await ann.call(api.publishEvaluation, {
      params: { id },
      body: { updatedAt: latest.updatedAt },
    });
    expect(published).toMatchObject({ status: 'published', title: 'Pasta, changed' });
    // Without `updatedAt` (API clients written before it), publishing is as before.
    const other = await sopWithDraft('Cooling rice noodles');
    expect(
      await ann.call(api.publishEvaluation, { params: { id: other }, body: {} }),
    ).toMatchObject({ status: 'published' });
  });
});

describe('a generation that ends while a person reviews the evaluation', () => {
  const regenerationOf = async (id: number) => {
    await ann.call(api.regenerateEvaluation, { params: { id } });
    const row = (await stack.library.dataSource.query(
      'SELECT evaluation_run FROM documents WHERE id = $1',
      [id],
    )) as { evaluation_run: number }[];
    return row[0]!.evaluation_run;
  };

  it('keeps the draft a person edited while the generation of the same version ran', async () => {
    const id = await sopWithDraft('Cooling pasta');
    const run = await regenerationOf(id);
    const read = await review(tess, id);
    await tess.call(api.updateEvaluation, {
      params: { id },
      body: { ...draftOf(read, 'Pasta, reviewed'), updatedAt: read.updatedAt },
    });
    await inbox.handle(quizGenerated(id, run, 'How is pasta cooled?'));
    const evaluation = await review(ann, id);
    expect(evaluation).toMatchObject({ title: 'Pasta, reviewed', status: 'draft' });
    expect(evaluation.questions[0]!.text).toBe('When must cooked food be cooled?');
    const document = await ann.call(api.document, { params: { id } });
    expect(document).toMatchObject({ evaluationGenerated: true, evaluationGenerationError: null });
    expect(document.progress.stage).toBe('done');
  });

  it('keeps the evaluation a person published while the generation ran', async () => {
    const id = await sopWithDraft('Cooling sauce');
    const run = await regenerationOf(id);
    await ann.call(api.publishEvaluation, { params: { id } });
    await inbox.handle(quizGenerated(id, run, 'How is sauce cooled?'));
    const evaluation = await review(ann, id);
    expect(evaluation.status).toBe('published');
    expect(evaluation.questions[0]!.text).toBe('When must cooked food be cooled?');
  });

  it('still replaces, on request, an evaluation edited before the regeneration started', async () => {
    const id = await sopWithDraft('Cooling curry');
    const read = await review(ann, id);
    await ann.call(api.updateEvaluation, {
      params: { id },
      body: { ...draftOf(read, 'Curry, reviewed'), updatedAt: read.updatedAt },
    });
    await ann.call(api.publishEvaluation, { params: { id } });
    const run = await regenerationOf(id);
    await inbox.handle(quizGenerated(id, run, 'How is curry cooled?'));
    const evaluation = await review(ann, id);
    expect(evaluation).toMatchObject({ title: 'Cooling', status: 'draft' });
    expect(evaluation.questions[0]!.text).toBe('How is curry cooled?');
  });
});

describe('the staff markdown', () => {
  it('names the version whose content it is: the one processed last', async () => {
    const id = await sopWithDraft('Cooling fish');
    const markdownOf = () => ann.call(api.documentMarkdown, { params: { id } });
    expect(await markdownOf()).toEqual({
      version: 1,
      markdown: '# Cooling fish\n\n1. Cool food within 2 hours.\n',
      text: '# Cooling fish\n\n1. Cool food within 2 hours.\n',
    });
    await ann.uploadTo(
      api.uploadDocumentVersion,
      { changeNote: 'Faster' },
      { name: 'fish-v2.pdf', data: sopPdf(COOLING_SOP) },
      { params: { id } },
    );
    // While version 2 is read, version 1's content is what there is.
    expect(await markdownOf()).toMatchObject({
      version: 1,
      markdown: expect.stringMatching(/^# Cooling fish\n/),
    });
    await processed(id, 2, '# Cooling fish v2\n');
    expect(await markdownOf()).toMatchObject({ version: 2, markdown: '# Cooling fish v2\n' });
  });
});
