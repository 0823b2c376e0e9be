import type { Job } from 'bullmq';
import { IntegrationInboxMessage } from '@hub/proto';
import type { SnapshotRunsRepository } from './snapshot-runs.repository.js';

/**
 * The integration service's inbox: what the video worker found in a snapshot becomes presence
 * events; a failure is kept on the run with its reason. Heard twice, a message changes nothing.
 */
export function createIntegrationInboxHandler(runs: SnapshotRunsRepository) {
  return async (job: Job<IntegrationInboxMessage>): Promise<number> => {
    const message = IntegrationInboxMessage.parse(job.data);
    if (message.kind === 'snapshot.failed') {
      await runs.fail(message.runId, 'identification', message.reason);
      return 0;
    }
    return runs.recordIdentified(message.runId, message.facesDetected, message.people);
  };
}
