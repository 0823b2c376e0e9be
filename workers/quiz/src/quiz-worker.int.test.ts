import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage, openQueue, startWorker } from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { LibraryInboxMessage, QUEUES, type QuizGenerationJob } from '@hub/proto';
import { QueueEvents, type Queue, type Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineGenerator, TOO_SHORT } from './generators/offline/offline-generator.ts';
import { createQuizJobHandler, type QuizJobOutcome } from './quiz-worker.ts';
import { FOOD_SAFETY_MARKDOWN, SHORT_TEXT } from './test-support/sops.ts';
import { plainMarkdownLine } from './generators/offline/sop-structure.ts';

describe('the quiz worker on real queues', () => {
  const resources = claimTestResources();
  const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
  const folder = mkdtempSync(join(tmpdir(), 'quiz-int-'));
  const storage = new LocalDiskStorage(folder);
  let jobs: Queue<QuizGenerationJob>;
  let inbox: Queue<LibraryInboxMessage>;
  let events: QueueEvents;
  let worker: Worker<QuizGenerationJob, QuizJobOutcome>;

  const job = (documentId: number): QuizGenerationJob => ({
    documentId,
    organizationId: 1,
    run: 1,
    title: 'Cooking and Cooling Chicken',
    markdownKey: `org/1/docs/${documentId}/content.md`,
    textKey: `org/1/docs/${documentId}/content.txt`,
    prompt: 'Write questions a line cook must be able to answer.',
  });

  beforeAll(async () => {
    const text = FOOD_SAFETY_MARKDOWN.split('\n').map(plainMarkdownLine).join('\n');
    await storage.put(
      'org/1/docs/1/content.md',
      Buffer.from(FOOD_SAFETY_MARKDOWN),
      'text/markdown',
    );
    await storage.put('org/1/docs/1/content.txt', Buffer.from(text), 'text/plain');
    await storage.put('org/1/docs/2/content.md', Buffer.from(SHORT_TEXT), 'text/markdown');
    await storage.put('org/1/docs/2/content.txt', Buffer.from(SHORT_TEXT), 'text/plain');
    jobs = openQueue<QuizGenerationJob>(QUEUES.quizGeneration, connection);
    inbox = openQueue<LibraryInboxMessage>(QUEUES.libraryInbox, connection);
    events = new QueueEvents(QUEUES.quizGeneration, {
      connection: { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: null },
      prefix: `${resources.redisPrefix}bull`,
    });
    const handle = createQuizJobHandler({
      storage,
      inbox,
      generator: new OfflineGenerator(),
      timeoutMs: 20_000,
    });
    worker = startWorker(QUEUES.quizGeneration, connection, handle);
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    await worker?.close();
    await Promise.all([jobs?.close(), inbox?.close(), events?.close()]);
    await resources.release().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  const inboxMessages = async () =>
    (await inbox.getJobs(['waiting', 'delayed', 'prioritized'], 0, -1)).map((entry) =>
      LibraryInboxMessage.parse(entry.data),
    );

  it('consumes a QuizGenerationJob and posts quiz.generated to the library inbox', async () => {
    const added = await jobs.add('generate', job(1), { jobId: 'eval-1-run-1' });
    await expect(added.waitUntilFinished(events, 20_000)).resolves.toBe('generated');

    const messages = await inboxMessages();
    const generated = messages.find((message) => message.documentId === 1);
    expect(generated?.kind).toBe('quiz.generated');
    if (generated?.kind !== 'quiz.generated') return;
    expect(generated.generator).toBe('offline');
    expect(generated.promptUsed).toBe('Write questions a line cook must be able to answer.');
    expect(generated.draft.title).toBe('Evaluation: Cooking and Cooling Chicken');
    expect(generated.draft.questions.length).toBeGreaterThanOrEqual(5);
  });

  it('posts quiz.failed with the reason for an SOP too short to ask about', async () => {
    const added = await jobs.add('generate', job(2), { jobId: 'eval-2-run-1' });
    await expect(added.waitUntilFinished(events, 20_000)).rejects.toThrow(TOO_SHORT);

    const failed = (await inboxMessages()).find((message) => message.documentId === 2);
    expect(failed).toEqual({ kind: 'quiz.failed', documentId: 2, run: 1, reason: TOO_SHORT });
    // An unrecoverable failure is not retried.
    expect((await jobs.getJob('eval-2-run-1'))?.attemptsMade).toBe(1);
  });
});
