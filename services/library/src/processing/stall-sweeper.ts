import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { PdfProcessingJob } from '@hub/proto';
import { markFailed } from './library-inbox.js';
import { pdfJobId } from './pdf-processing.js';

export const STALLED_REASON =
  'Processing stopped unexpectedly: the worker did not finish this document. Press Retry to process it again.';

/**
 * Finds documents whose processing has shown no progress for a while and fails those whose
 * job is gone or failed, so nothing stays 'Processing' forever. A job that merely waits for a
 * free worker is left alone.
 */
export class StallSweeper {
  private readonly logger = new Logger('StallSweeper');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly queue: Queue<PdfProcessingJob>,
    private readonly stallMinutes: number,
  ) {}

  start(everyMs = 60_000): void {
    this.timer = setInterval(
      () => void this.sweep().catch((error: unknown) => this.logger.error(String(error))),
      everyMs,
    );
    this.timer.unref();
  }

  async sweep(): Promise<number> {
    const rows = (await this.db.query(
      `SELECT id, processing_run FROM documents
        WHERE processing_stage IN ('queued', 'extracting', 'ocr', 'images')
          AND progress_updated_at < now() - make_interval(mins => $1)`,
      [this.stallMinutes],
    )) as { id: number; processing_run: number }[];
    let failed = 0;
    for (const row of rows) {
      const job = await this.queue.getJob(pdfJobId(row.id, row.processing_run));
      const state = job ? await job.getState() : 'missing';
      if (['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'].includes(state))
        continue;
      await markFailed(
        this.db,
        row.id,
        job?.failedReason ? `${STALLED_REASON} (${job.failedReason})` : STALLED_REASON,
      );
      failed += 1;
    }
    return failed;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
