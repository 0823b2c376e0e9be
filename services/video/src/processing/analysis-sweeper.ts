import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { VideoAnalysisJob } from '@hub/proto';
import { RecurringSweep, stallCauseOf } from '@hub/kit';
import { type AnalysisDispatch, analysisJobId } from './analysis-dispatch.js';
import { AnalysisRepository } from './analysis.repository.js';

/** A FAILURE_REASONS sentence (`video_analysis_stalled`, with a cause `_cause`). */
export const STALLED_ANALYSIS =
  'The analysis stopped unexpectedly: the worker did not finish. Press Analyse to run it again.';

const STILL_GOING = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/**
 * Fails analyses whose job is gone or failed without a word, so none stays 'processing' forever.
 * Every minute, the first a minute after start; sweep() answers how many analyses it failed.
 */
export class AnalysisSweeper extends RecurringSweep<number> {
  private readonly analyses: AnalysisRepository;

  constructor(
    db: DataSource,
    private readonly queue: Queue<VideoAnalysisJob>,
    private readonly stallMinutes: number,
    private readonly dispatch: AnalysisDispatch,
  ) {
    super('AnalysisSweeper', { failed: 0, everyMs: 60_000, atStart: false, failureLevel: 'error' });
    this.analyses = new AnalysisRepository(db);
  }

  /** Queues analyses whose wait for enrolments ran out, then fails those whose job is gone. */
  protected async work(): Promise<number> {
    await this.dispatch.dispatchWaiting();
    const rows = await this.analyses.stalled(this.stallMinutes);
    let failed = 0;
    for (const row of rows) {
      const job = await this.queue.getJob(analysisJobId(row.id, row.analysis_run));
      const state = job ? await job.getState() : 'missing';
      if (STILL_GOING.includes(state)) continue;
      const cause = stallCauseOf(job?.failedReason, `analysis of video ${row.id}`, this.logger);
      await this.analyses.failStalled(row.id, row.analysis_run, `${STALLED_ANALYSIS}${cause}`);
      failed += 1;
    }
    return failed;
  }
}
