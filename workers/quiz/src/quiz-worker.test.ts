import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from '@hub/runtime';
import { FAILURE_REASONS, LibraryInboxMessage, type QuizGenerationJob } from '@hub/proto';
import { UnrecoverableError, type Job } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import {
  GenerationFailure,
  type EvaluationGenerator,
  type GenerationInput,
} from './generators/evaluation-generator.ts';
import { OfflineGenerator, TOO_SHORT } from './generators/offline/offline-generator.ts';
import { createQuizJobHandler, quizPoisonPolicy, type Inbox } from './quiz-worker.ts';
import { MAINTENANCE_TEXT, SHORT_TEXT } from './test-support/sops.ts';

const folder = mkdtempSync(join(tmpdir(), 'quiz-worker-'));
const storage = new LocalDiskStorage(folder);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

class RecordingInbox implements Inbox {
  readonly messages: { name: string; message: LibraryInboxMessage; jobId?: string }[] = [];
  async add(name: string, message: LibraryInboxMessage, options?: { jobId?: string }) {
    this.messages.push({
      name,
      message: LibraryInboxMessage.parse(message),
      jobId: options?.jobId,
    });
  }
}

async function jobFor(documentId: number, markdown: string, text: string, attemptsMade = 0) {
  const prefix = `org/1/docs/${documentId}/`;
  await storage.put(`${prefix}content.md`, Buffer.from(markdown), 'text/markdown');
  await storage.put(`${prefix}content.txt`, Buffer.from(text), 'text/plain');
  const data: QuizGenerationJob = {
    documentId,
    organizationId: 1,
    run: 2,
    title: 'Conveyor Gearbox Replacement',
    markdownKey: `${prefix}content.md`,
    textKey: `${prefix}content.txt`,
    prompt: 'Ask about safety first.',
  };
  return { data, attemptsMade, opts: { attempts: 3 } } as unknown as Job<QuizGenerationJob>;
}

const never: EvaluationGenerator = {
  kind: 'gemini',
  generate: (input: GenerationInput) =>
    new Promise((_, reject) =>
      input.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
    ),
};

describe('the quiz job handler', () => {
  it('reports a generated evaluation with the generator and prompt that made it', async () => {
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({
      storage,
      inbox,
      generator: new OfflineGenerator(),
      timeoutMs: 10_000,
    });
    await expect(handle(await jobFor(1, '', MAINTENANCE_TEXT))).resolves.toBe('generated');

    expect(inbox.messages).toHaveLength(1);
    const [{ name, message, jobId }] = inbox.messages as [(typeof inbox.messages)[number]];
    expect(name).toBe('quiz.generated');
    expect(jobId).toBe('quiz-generated-1-run-2');
    if (message.kind !== 'quiz.generated') throw new Error('expected quiz.generated');
    expect(message).toMatchObject({
      documentId: 1,
      run: 2,
      generator: 'offline',
      promptUsed: 'Ask about safety first.',
    });
    expect(message.draft.title).toBe('Evaluation: Conveyor Gearbox Replacement');
  });

  it('fails a too-short SOP at once, with the reason', async () => {
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({
      storage,
      inbox,
      generator: new OfflineGenerator(),
      timeoutMs: 10_000,
    });
    await expect(handle(await jobFor(2, SHORT_TEXT, SHORT_TEXT))).rejects.toThrow(
      UnrecoverableError,
    );
    expect(inbox.messages.map((m) => m.message)).toEqual([
      { kind: 'quiz.failed', documentId: 2, run: 2, reason: TOO_SHORT },
    ]);
  });

  it('retries a provider failure quietly, and reports it on the last attempt', async () => {
    const busy: EvaluationGenerator = {
      kind: 'gemini',
      generate: async () => {
        throw new GenerationFailure(
          'The AI provider refused the request (HTTP 429): Slow down.',
          true,
        );
      },
    };
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({ storage, inbox, generator: busy, timeoutMs: 10_000 });
    await expect(handle(await jobFor(3, '', MAINTENANCE_TEXT, 0))).rejects.toThrow(
      GenerationFailure,
    );
    expect(inbox.messages).toEqual([]);
    await expect(handle(await jobFor(3, '', MAINTENANCE_TEXT, 2))).rejects.toThrow(/HTTP 429/);
    expect(inbox.messages[0]!.message).toEqual({
      kind: 'quiz.failed',
      documentId: 3,
      run: 2,
      reason: 'The AI provider refused the request (HTTP 429): Slow down.',
    });
  });

  it("reports a generated evaluation that breaks the rules in the catalog's words, not the model's", async () => {
    const question = 'Which gearbox bolt do you loosen first?';
    const careless: EvaluationGenerator = {
      kind: 'gemini',
      generate: async () => ({
        generator: 'gemini',
        draft: {
          title: 'Gearbox',
          description: 'Checks',
          keyLearningPoints: ['Lock out first'],
          questions: [
            {
              text: question,
              category: 'Safety',
              options: ['The top one', 'The bottom one', 'The side one', 'All of the above'],
              correctIndex: 0,
              explanation: 'The top one holds the cover.',
              sourcePassage: 'Loosen the top bolt first: it holds the cover.',
            },
          ],
        },
      }),
    } as unknown as EvaluationGenerator;
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({ storage, inbox, generator: careless, timeoutMs: 10_000 });
    await expect(handle(await jobFor(10, '', MAINTENANCE_TEXT, 2))).rejects.toThrow();
    const failed = inbox.messages[0]!.message;
    expect(failed).toEqual({
      kind: 'quiz.failed',
      documentId: 10,
      run: 2,
      reason: FAILURE_REASONS.quiz_invalid.replace(
        '{detail}',
        FAILURE_REASONS.quiz_draft_catch_all,
      ),
    });
  });

  it("reports an unexpected error in the generic sentence, never in the error's own words", async () => {
    const broken: EvaluationGenerator = {
      kind: 'gemini',
      generate: async () => {
        throw new Error('relation "quiz_prompts" does not exist at SELECT * FROM quiz_prompts');
      },
    };
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({ storage, inbox, generator: broken, timeoutMs: 10_000 });
    await expect(handle(await jobFor(9, '', MAINTENANCE_TEXT, 2))).rejects.toThrow(
      GenerationFailure,
    );
    expect(inbox.messages[0]!.message).toEqual({
      kind: 'quiz.failed',
      documentId: 9,
      run: 2,
      reason: FAILURE_REASONS.unexpected_error,
    });
  });

  it('fails a generation that runs past the time limit', async () => {
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({ storage, inbox, generator: never, timeoutMs: 1500 });
    await expect(handle(await jobFor(4, '', MAINTENANCE_TEXT))).rejects.toThrow(UnrecoverableError);
    expect(inbox.messages[0]!.message).toMatchObject({
      kind: 'quiz.failed',
      reason: 'Generating the evaluation took longer than 2 seconds.',
    });
  });

  it('reports an SOP missing from storage after the retries', async () => {
    const inbox = new RecordingInbox();
    const handle = createQuizJobHandler({
      storage,
      inbox,
      generator: new OfflineGenerator(),
      timeoutMs: 10_000,
    });
    const job = await jobFor(5, '', MAINTENANCE_TEXT, 2);
    job.data.textKey = 'org/1/docs/5/missing.txt';
    await expect(handle(job)).rejects.toThrow(GenerationFailure);
    const [entry] = inbox.messages;
    expect(entry?.message.kind).toBe('quiz.failed');
    expect(entry?.message).toMatchObject({
      reason: 'The SOP text could not be read from storage: The file is not in storage.',
    });
  });

  it('reports a generation that stopped the worker twice once, however often it is told', async () => {
    const inbox = new RecordingInbox();
    const poison = quizPoisonPolicy(inbox);
    const job = await jobFor(5, '# SOP', MAINTENANCE_TEXT);
    await poison.report(job, poison.reason);
    expect(inbox.messages).toEqual([
      {
        name: 'quiz.failed',
        jobId: 'quiz-failed-5-run-2',
        message: {
          kind: 'quiz.failed',
          documentId: 5,
          run: 2,
          reason:
            'Generating the evaluation stopped the quiz worker twice; the SOP may be too large or hostile.',
        },
      },
    ]);
  });
});
