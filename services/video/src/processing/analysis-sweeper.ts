import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { VideoAnalysisJob } from '@hub/proto';
import { type AnalysisDispatch, analysisJobId } from './analysis-dispatch.js';

export const STALLED_ANALYSIS =
  'The analysis stopped unexpectedly: the worker did not finish. Press Analyse to run it again.';

const STILL_GOING = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/** Fails analyses whose job is gone or failed without a word, so none stays 'processing' forever. */
export class AnalysisSweeper {
  private readonly logger = new Logger('AnalysisSweeper');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly queue: Queue<VideoAnalysisJob>,
    private readonly stallMinutes: number,
    private readonly dispatch: AnalysisDispatch,
  ) {}

  start(everyMs = 60_000): void {
    this.timer = setInterval(
      () => void this.sweep().catch((error: unknown) => this.logger.error(String(error))),
      everyMs,
    );
    this.timer.unref();
  }

  /** Queues analyses whose wait for enrolments ran out, then fails those whose job is gone. */
  async sweep(): Promise<number> {
    await this.dispatch.dispatchWaiting();
    const rows = (await this.db.query(
      `SELECT id, analysis_run FROM videos WHERE analysis_status = 'processing'
          AND analysis_queued_at IS NOT NULL
          AND progress_updated_at < now() - make_interval(mins => $1)`,
      [this.stallMinutes],
    )) as { id: number; analysis_run: number }[];
    let failed = 0;
    for (const row of rows) {
      const job = await this.queue.getJob(analysisJobId(row.id, row.analysis_run));
      const state = job ? await job.getState() : 'missing';
      if (STILL_GOING.includes(state)) continue;
      const reason = job?.failedReason
        ? `${STALLED_ANALYSIS} (${job.failedReason})`
        : STALLED_ANALYSIS;
      await this.db.query(
        `UPDATE videos SET analysis_status = 'failed', analysis_error = $2
          WHERE id = $1 AND analysis_run = $3 AND analysis_status = 'processing'`,
        [row.id, reason, row.analysis_run],
      );
      failed += 1;
    }
    return failed;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
