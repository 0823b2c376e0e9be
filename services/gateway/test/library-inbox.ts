import type { Queue } from 'bullmq';
import { type LibraryInboxMessage, pdfJobId, type PdfProcessingJob, QUEUES } from '@hub/proto';
import { openQueue, RpcClient, WebhookAnnouncer } from '@hub/kit';
import { AcknowledgementRequests } from '../../library/src/acknowledgements/acknowledgement-requests.js';
import { LibraryInbox } from '../../library/src/processing/library-inbox.js';
import { LibraryNotifier } from '../../library/src/processing/library-notifier.js';
import { QuizGeneration } from '../../library/src/processing/quiz-generation.js';
import { SafetyReobservation } from '../../library/src/versions/safety-reobservation.js';
import type { TestStack } from './test-stack.js';

/** The library's inbox with what a suite playing the workers reads and calls beside it. */
export interface PlayedLibrary {
  inbox: LibraryInbox;
  acknowledgements: AcknowledgementRequests;
  /** The PDF worker's queue: the jobs the library asked for. */
  jobs: Queue<PdfProcessingJob>;
  rpc: RpcClient;
  close(): Promise<void>;
}

/**
 * The library's inbox as the service builds it, for suites that run no PDF or quiz worker: the
 * test hands it what the workers would report, and it answers when done. Webhook announcements
 * go nowhere here; notices reach identity through the library's outbox.
 */
export function libraryInbox(
  stack: TestStack,
  /** How long its calls to the services wait (the RPC client's own 10 s when unset). */
  rpcTimeoutMs?: number,
): PlayedLibrary {
  const connection = { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix };
  const jobs: Queue<PdfProcessingJob> = openQueue(QUEUES.pdfProcessing, connection);
  const rpc = new RpcClient(connection.url, connection.prefix, rpcTimeoutMs);
  const db = stack.library.dataSource;
  // Notices go through the library's own outbox, as the service writes them.
  const notifier = new LibraryNotifier(stack.library.outbox);
  const acknowledgements = new AcknowledgementRequests(db, rpc, notifier);
  const inbox = new LibraryInbox(
    db,
    stack.storage,
    new QuizGeneration(db, stack.library.quizQueue, rpc),
    notifier,
    acknowledgements,
    new SafetyReobservation(db, stack.storage, rpc, acknowledgements),
    new WebhookAnnouncer({ publish: () => Promise.resolve() }),
  );
  const close = async () => {
    await jobs.close();
    await rpc.close();
  };
  return { inbox, acknowledgements, jobs, rpc, close };
}

export type ProcessedMessage = Extract<LibraryInboxMessage, { kind: 'pdf.processed' }>;

/** What the PDF worker stores of a run that read `markdown`, and the message it reports. */
export async function storedRun(
  stack: TestStack,
  jobs: Queue<PdfProcessingJob>,
  documentId: number,
  run: number,
  markdown: string,
  read: Pick<ProcessedMessage, 'pageCount' | 'ocrPages' | 'ocrError'>,
): Promise<ProcessedMessage> {
  const { outputPrefix } = (await jobs.getJob(pdfJobId(documentId, run)))!.data;
  const markdownKey = `${outputPrefix}content.md`;
  const textKey = `${outputPrefix}content.txt`;
  await stack.storage.put(markdownKey, Buffer.from(markdown), 'text/markdown');
  await stack.storage.put(textKey, Buffer.from(markdown), 'text/plain');
  return { kind: 'pdf.processed', documentId, run, markdownKey, textKey, images: [], ...read };
}

/** What the quiz worker reports of a generation run: one question. */
export const quizGenerated = (
  documentId: number,
  run: number,
  question: string,
): LibraryInboxMessage => ({
  kind: 'quiz.generated',
  documentId,
  run,
  draft: {
    title: 'Cooling',
    description: 'Cooling food safely',
    questions: [
      {
        text: question,
        category: 'Safety',
        options: ['Within 2 hours', 'Within 6 hours', 'Overnight'],
        correctIndex: 0,
        explanation: 'The SOP says so.',
        sourcePassage: 'Cool food within 2 hours.',
      },
    ],
    keyLearningPoints: [],
  },
  generator: 'offline',
  generatorModel: null,
  promptUsed: 'Write questions.',
});
