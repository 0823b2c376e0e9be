import { text as readText } from 'node:stream/consumers';
import {
  isStorageFault,
  logger,
  type ObjectStorage,
  type PoisonPolicy,
  storageReadCause,
} from '@hub/runtime';
import {
  FAILURE_REASONS,
  LibraryInboxMessage,
  QUEUE_CONTRACTS,
  type QuizGenerationJob,
} from '@hub/proto/jobs';
import { UnrecoverableError, type Job, type JobsOptions } from 'bullmq';
import {
  checkDraft,
  GenerationFailure,
  type EvaluationGenerator,
  type GeneratedEvaluation,
} from './generators/evaluation-generator.ts';

const log = logger('quiz');

type QuizMessage = Extract<LibraryInboxMessage, { kind: 'quiz.generated' | 'quiz.failed' }>;

/** Where results go: the library service's inbox queue. */
export interface Inbox {
  add(name: string, message: LibraryInboxMessage, options?: JobsOptions): Promise<unknown>;
}

export interface QuizWorkerDeps {
  storage: ObjectStorage;
  inbox: Inbox;
  generator: EvaluationGenerator;
  timeoutMs: number;
}

export type QuizJobOutcome = 'generated' | 'failed';

export function durationText(ms: number): string {
  const minutes = ms / 60_000;
  if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

async function readSop(storage: ObjectStorage, key: string): Promise<string> {
  try {
    return await readText(await storage.get(key));
  } catch (error) {
    // A store away or full is waited for (see startWorker), not held against the evaluation.
    if (isStorageFault(error)) throw error;
    // The store's words (a path, a request id) are logged; the reason says what kind of failure.
    log.warn({ err: error, key }, 'SOP text not read');
    throw new GenerationFailure(
      `The SOP text could not be read from storage: ${storageReadCause(error)}`,
      true,
    );
  }
}

/** Runs the generator within the job's time limit; a late generation is aborted. */
async function withinTime(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<GeneratedEvaluation>,
): Promise<GeneratedEvaluation> {
  const controller = new AbortController();
  const failure = new GenerationFailure(
    `Generating the evaluation took longer than ${durationText(timeoutMs)}.`,
  );
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(failure);
      controller.abort(failure);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), expired]);
  } catch (error) {
    // Whatever the aborted generator threw, the reason is the time limit.
    throw controller.signal.aborted ? failure : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The user-facing failure for anything thrown. An unexpected error (the inbox, a generator's bug)
 * is said generically: its own words may hold a query or a path, so it is the failure's `cause`,
 * for the log with the job's trace, never the row's.
 */
function describeFailure(error: unknown): GenerationFailure {
  if (error instanceof GenerationFailure) return error;
  const failure = new GenerationFailure(FAILURE_REASONS.unexpected_error, true);
  failure.cause = error;
  return failure;
}

const isFinalAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * The handler of `quiz-generation` jobs: the SOP's markdown and text become an evaluation draft
 * reported to the library inbox. A failure the SOP or the AI answer causes fails the job at once;
 * others (storage, a busy provider) are retried, and the last attempt reports the failure.
 */
/** One message per run and outcome: a job that runs again (stalled, retried) adds no second. */
const sendTo = (inbox: Inbox) => async (message: QuizMessage) => {
  const jobId = QUEUE_CONTRACTS.libraryInbox.jobId?.(message);
  await inbox.add(message.kind, LibraryInboxMessage.parse(message), { jobId });
};

/** Said on a document whose evaluation generation the worker process died in twice. */
export const POISON_REASON =
  'Generating the evaluation stopped the quiz worker twice; the SOP may be too large or hostile.';

/** A generation the worker died in twice fails for good; the library hears it once. */
export const quizPoisonPolicy = (inbox: Inbox): PoisonPolicy<QuizGenerationJob> => {
  const send = sendTo(inbox);
  return {
    reason: POISON_REASON,
    report: ({ data: { documentId, run } }, reason) =>
      send({ kind: 'quiz.failed', documentId, run, reason }),
  };
};

export function createQuizJobHandler(deps: QuizWorkerDeps) {
  const send = sendTo(deps.inbox);
  return async (job: Job<QuizGenerationJob>): Promise<QuizJobOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const data = job.data;
    const { documentId, run } = data;
    try {
      const [markdown, text] = await Promise.all([
        readSop(deps.storage, data.markdownKey),
        readSop(deps.storage, data.textKey),
      ]);
      const result = await withinTime(deps.timeoutMs, (signal) =>
        deps.generator.generate({ title: data.title, markdown, text, prompt: data.prompt, signal }),
      );
      const checked = checkDraft(result.draft);
      if (!checked.ok) {
        // The model's own words (its question text) are logged; the user reads the catalog's.
        log.warn({ documentId, problem: checked.problem }, 'generated evaluation refused');
        throw new GenerationFailure(`The generated evaluation is not valid: ${checked.cause}`);
      }
      await send({
        kind: 'quiz.generated',
        documentId,
        run,
        draft: checked.draft,
        generator: result.generator,
        generatorModel: result.generatorModel,
        promptUsed: result.promptUsed,
      });
      return 'generated';
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it), never failed.
      if (isStorageFault(error)) throw error;
      const failure = describeFailure(error);
      if (failure.cause !== undefined) {
        log.error(
          { err: failure.cause, documentId, run },
          'evaluation stopped by an unexpected error',
        );
      }
      if (!failure.retryable || isFinalAttempt(job)) {
        await send({ kind: 'quiz.failed', documentId, run, reason: failure.message });
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    }
  };
}
