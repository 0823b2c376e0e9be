import type { Job, Worker } from 'bullmq';
import { IntegrationInboxMessage, QUEUE_CONTRACTS } from '@hub/proto';
import { type QueueConnection, startWorker } from '@hub/kit';
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
    return new Promise((resolve, reject) => {
      this.waiting.push({ snapshot, resolve, reject });
      if (!this.writing) void this.writeAll();
    });
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
 * The integration service's inbox: what the video worker found in a snapshot becomes presence
 * events; a failure is kept on the run with its reason. Heard twice, a message changes nothing.
 */
export function createIntegrationInboxHandler(runs: SnapshotRunsRepository) {
  const batches = new IdentifiedSnapshotBatches(runs);
  return async (job: Job<IntegrationInboxMessage>): Promise<number> => {
    const message = IntegrationInboxMessage.parse(job.data);
    if (message.kind === 'snapshot.failed') {
      await runs.fail(message.runId, 'identification', message.reason);
      return 0;
    }
    return batches.record(message);
  };
}

export function startIntegrationInbox(
  connection: QueueConnection,
  runs: SnapshotRunsRepository,
): Worker {
  return startWorker(
    QUEUE_CONTRACTS.integrationInbox,
    connection,
    createIntegrationInboxHandler(runs),
    {
      concurrency: INBOX_CONCURRENCY,
    },
  );
}
