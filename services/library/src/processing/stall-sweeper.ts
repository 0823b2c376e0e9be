import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { PdfProcessingJob, QuizGenerationJob } from '@hub/proto';
import { RecurringSweep, stallCauseOf } from '@hub/kit';
import { VersionsRepository } from '../versions/versions.repository.js';
import { markFailed } from './library-inbox.js';
import { pdfJobId } from './pdf-processing.js';
import { ProcessingRepository } from './processing.repository.js';
import { quizJobId } from './quiz-generation.js';

export const STALLED_REASON =
  'Processing stopped unexpectedly: the worker did not finish this document. Press Retry to process it again.';
export const STALLED_EVALUATION_REASON =
  'Evaluation generation stopped unexpectedly: the worker did not finish. Press Retry to generate it again.';

const STILL_GOING = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/** What the sweeper finishes beside stalls: checks a processed version still owes. */
export interface OwedWork {
  retryOwed(): Promise<number>;
}

/**
 * Finds documents whose processing has shown no progress for a while and fails those whose
 * job is gone or failed, so nothing stays 'Processing' forever. A job that merely waits for a
 * free worker is left alone. Each sweep also runs again the safety checks of processed versions
 * that failed (SafetyReobservation), so no re-observation is lost to a service being away. Every
 * minute, the first a minute after start; sweep() answers how many stalled documents it failed.
 */
export class StallSweeper extends RecurringSweep<number> {
  private readonly runs: ProcessingRepository;
  private readonly versions: VersionsRepository;

  constructor(
    db: DataSource,
    private readonly queues: { pdf: Queue<PdfProcessingJob>; quiz: Queue<QuizGenerationJob> },
    private readonly stallMinutes: number,
    private readonly owed: OwedWork,
  ) {
    super('StallSweeper', { failed: 0, everyMs: 60_000, atStart: false, failureLevel: 'error' });
    this.runs = new ProcessingRepository(db);
    this.versions = new VersionsRepository(db);
  }

  protected async work(): Promise<number> {
    const failed = await this.failStalled();
    await this.owed.retryOwed();
    return failed;
  }

  private async failStalled(): Promise<number> {
    const rows = await this.runs.stalled(this.stallMinutes);
    let failed = 0;
    for (const row of rows) {
      const generating = row.processing_stage === 'generating_evaluation';
      const job = generating
        ? await this.queues.quiz.getJob(quizJobId(row.id, row.evaluation_run))
        : await this.queues.pdf.getJob(pdfJobId(row.id, row.processing_run));
      const state = job ? await job.getState() : 'missing';
      if (STILL_GOING.includes(state)) continue;
      const cause = stallCauseOf(job?.failedReason, `document ${row.id}`, this.logger);
      const applied = generating
        ? await this.runs.changeStage({
            documentId: row.id,
            run: row.evaluation_run,
            evaluationRun: true,
            from: ['generating_evaluation'],
            values: {
              evaluationGenerationError: `${STALLED_EVALUATION_REASON}${cause}`,
              processingStage: 'done',
            },
          })
        : await markFailed(
            this.runs,
            this.versions,
            row.id,
            row.processing_run,
            `${STALLED_REASON}${cause}`,
          );
      if (applied) failed += 1;
    }
    return failed;
  }
}
