import { Logger } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import {
  FAILURE_REASONS,
  IntegrationInboxMessage,
  QUEUE_CONTRACTS,
  type SnapshotResult,
} from '@hub/proto';
import { type ObjectStorage, type QueueConnection, startWorker } from '@hub/kit';
import type { IdentifiedSnapshot, SnapshotRunsRepository } from './snapshot-runs.repository.js';

/**
 * Jobs the inbox takes at once. Most of a job is waiting (Redis, then PostgreSQL), and the
 * identifications taken together are written in one statement (IdentifiedSnapshotBatches).
 */
export const INBOX_CONCURRENCY = 64;
/** The most snapshots one statement writes (a burst of 10-person snapshots: 5,000 rows). */
const BATCH_MAX = 500;

interface Waiting {
  snapshot: IdentifiedSnapshot;
  resolve: (recorded: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Identifications arriving while a batch is written wait for the next one: under a burst one
 * statement and one commit record hundreds of snapshots, and alone a snapshot is written at once.
 * Each job ends only when its own snapshot is committed, so a job never completes unrecorded.
 */
export class IdentifiedSnapshotBatches {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly runs: SnapshotRunsRepository) {}

  record(snapshot: IdentifiedSnapshot): Promise<number> {
    return this.recordAll([snapshot])[0]!;
  }

  /** Snapshots of one message, written together (one statement, unless one is refused). */
  recordAll(snapshots: IdentifiedSnapshot[]): Promise<number>[] {
    const recorded = snapshots.map(
      (snapshot) =>
        new Promise<number>((resolve, reject) => this.waiting.push({ snapshot, resolve, reject })),
    );
    if (!this.writing) void this.writeAll();
    return recorded;
  }

  private async writeAll() {
    this.writing = true;
    while (this.waiting.length > 0) await this.write(this.waiting.splice(0, BATCH_MAX));
    this.writing = false;
  }

  private async write(batch: Waiting[]) {
    try {
      const recorded = await this.runs.recordIdentified(batch.map((entry) => entry.snapshot));
      batch.forEach((entry, index) => entry.resolve(recorded[index] ?? 0));
    } catch (error) {
      // One snapshot the database refuses must not fail the others with it: each alone, then.
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const entry of batch) await this.write([entry]);
    }
  }
}

/**
 * The integration service's inbox: what the video worker found in a tick's snapshots becomes
 * presence events; a failure is kept on its run with its reason. Heard twice, a message changes
 * nothing (each run is recorded once, by its status).
 */
export function createIntegrationInboxHandler(
  runs: SnapshotRunsRepository,
  storage: Pick<ObjectStorage, 'remove'>,
) {
  const batches = new IdentifiedSnapshotBatches(runs);
  return async (job: Job<IntegrationInboxMessage>): Promise<number> => {
    const answered = await asAnswered(runs, IntegrationInboxMessage.parse(job.data));
    const results = answered === undefined ? [] : await ownResults(runs, answered);
    const identified: IdentifiedSnapshot[] = [];
    for (const result of results) {
      if (result.kind === 'snapshot.failed') await failAnswered(runs, storage, result);
      else identified.push(result);
    }
    // Every snapshot is written before the job ends; one the database refuses fails the job
    // (retried: the others, recorded, count 0 then), not the others.
    const outcomes = await Promise.allSettled(batches.recordAll(identified));
    const refused = outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected'
        ? [{ runId: identified[index]!.runId, error: outcome.reason }]
        : [],
    );
    if (refused.length > 0) {
      // No attempt is left to record them: their runs say why, rather than wait for ever.
      if (isLastAttempt(job)) for (const one of refused) await failRefused(runs, one);
      throw refused[0]!.error;
    }
    return outcomes.reduce(
      (sum, outcome) => sum + (outcome.status === 'fulfilled' ? outcome.value : 0),
      0,
    );
  };
}

type AnsweredSnapshots = Extract<IntegrationInboxMessage, { kind: 'snapshots.answered' }>;

const logger = new Logger('IntegrationInbox');

/**
 * An older single-snapshot message (kept for rolling upgrades) names no organization: its run's
 * camera says whose it is, and ownResults refuses a run that disagrees, as for any message.
 * Undefined when the run is gone (its camera removed): there is nothing left to answer.
 */
async function asAnswered(
  runs: SnapshotRunsRepository,
  message: IntegrationInboxMessage,
): Promise<AnsweredSnapshots | undefined> {
  if (message.kind === 'snapshots.answered') return message;
  const organizationId = await runs.cameraOrganization(message.runId);
  if (organizationId === undefined) return undefined;
  return { kind: 'snapshots.answered', organizationId, results: [message] };
}

/**
 * The results for runs of the message's own organization. Another's run is neither recorded nor
 * failed: the message is what is wrong, and that run still waits for its own answer.
 */
async function ownResults(
  runs: SnapshotRunsRepository,
  message: AnsweredSnapshots,
): Promise<SnapshotResult[]> {
  const runIds = message.results.map((result) => result.runId);
  const others = new Set(await runs.runsOfOthers(message.organizationId, runIds));
  if (others.size === 0) return message.results;
  logger.warn(
    `Snapshot answers for organization ${message.organizationId} name runs of another, ignored: ${[...others].join(', ')}`,
  );
  return message.results.filter((result) => !others.has(result.runId));
}

/**
 * The run fails, its picture gone first unless its organization keeps snapshots: a process killed
 * between leaves a pending run naming a picture gone (harmless, the stale sweep fails it), never a
 * picture no run names. A store that refuses leaves the picture named, for retention to remove.
 */
async function failAnswered(
  runs: SnapshotRunsRepository,
  storage: Pick<ObjectStorage, 'remove'>,
  { runId, reason }: { runId: number; reason: string },
) {
  const picture = await runs.pictureToForget(runId);
  if (picture === undefined) return runs.failAnswered(runId, reason);
  try {
    await storage.remove(picture);
  } catch (error) {
    logger.warn(`Snapshot ${picture} of failed run ${runId} was not removed: ${String(error)}`);
    return runs.failAnswered(runId, reason);
  }
  return runs.failAnswered(runId, reason, picture);
}

const isLastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/**
 * The database's words (a query, a constraint) go to the log: the run's reason is read on the
 * Integrations page, in the reader's language, so it says the generic sentence.
 */
function failRefused(runs: SnapshotRunsRepository, refused: { runId: number; error: unknown }) {
  const stack = refused.error instanceof Error ? refused.error.stack : undefined;
  logger.error(
    `The result of snapshot run ${refused.runId} could not be recorded: ${String(refused.error)}`,
    stack,
  );
  return runs.failAnswered(refused.runId, FAILURE_REASONS.unexpected_error);
}

export function startIntegrationInbox(
  connection: QueueConnection,
  runs: SnapshotRunsRepository,
  storage: Pick<ObjectStorage, 'remove'>,
): Worker {
  return startWorker(
    QUEUE_CONTRACTS.integrationInbox,
    connection,
    createIntegrationInboxHandler(runs, storage),
    {
      concurrency: INBOX_CONCURRENCY,
    },
  );
}
