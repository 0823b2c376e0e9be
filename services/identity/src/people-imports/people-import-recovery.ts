import type { Queue } from 'bullmq';
import { errorText, type PeopleImportJob, QUEUE_CONTRACTS } from '@hub/proto';
import { RecurringSweep } from '@hub/kit';
import type { PeopleImportsRepository } from './people-imports.repository.js';

/** The queue's states of a job that will not apply its import (any other may still). */
const ENDED = new Set(['unknown', 'completed', 'failed']);

/** Where the sweep reads an import's job state: the people import queue. */
export type ImportJobs = Pick<Queue<PeopleImportJob>, 'getJobState'>;

type Imports = Pick<PeopleImportsRepository, 'underway' | 'failUnderway' | 'figures'>;

function jobIdOf(job: PeopleImportJob): string {
  const id = QUEUE_CONTRACTS.peopleImport.jobId?.(job);
  // Without the job's id every job would look gone: nothing is failed rather than everything.
  if (!id) throw new Error('the people import queue names no job ids');
  return id;
}

/**
 * Fails the imports left queued or running by a job no longer in the queue (Redis emptied, the
 * job removed) or ended without saying so, at start and hourly: left so, an import could be
 * neither resumed nor applied again. One is failed only when two sweeps in a row found it so, as
 * Apply marks an import queued just before it adds its job. Idempotent: each failure is of the
 * round looked at and only while it is under way, so a resume since or the job's own outcome wins.
 */
export class PeopleImportRecovery extends RecurringSweep<number> {
  /** Rounds (`importId-round`) the last sweep found without a job. */
  private suspects = new Set<string>();

  constructor(
    private readonly imports: Imports,
    private readonly jobs: ImportJobs,
  ) {
    super('PeopleImportRecovery', { failed: 0 });
  }

  protected async work(): Promise<number> {
    const suspects = new Set<string>();
    let failed = 0;
    for (const job of await this.imports.underway()) {
      if (!ENDED.has(await this.jobs.getJobState(jobIdOf(job)))) continue;
      const key = `${job.importId}-${job.round}`;
      if (!this.suspects.has(key)) suspects.add(key);
      else if (await this.fail(job)) failed += 1;
    }
    this.suspects = suspects;
    if (failed > 0) this.logger.warn(`Failed ${failed} people imports whose job was gone`);
    return failed;
  }

  private async fail({ importId, round }: PeopleImportJob): Promise<boolean> {
    return this.imports.failUnderway(importId, round, {
      ...(await this.imports.figures(importId)),
      error: errorText('people_import_lost'),
      finishedAt: new Date(),
    });
  }
}
