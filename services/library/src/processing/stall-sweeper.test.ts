import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import type { PdfProcessingJob, QuizGenerationJob } from '@hub/proto';
import type { StageChange } from './document-stages.js';
import { STALLED_EVALUATION_REASON, StallSweeper } from './stall-sweeper.js';

/** A sweeper finding one generation stalled, its job failed with `failedReason`. */
function sweeperOver(failedReason: string) {
  const changes: StageChange[] = [];
  const runs = {
    stalled: async () => [
      { id: 3, processing_stage: 'generating_evaluation', processing_run: 1, evaluation_run: 2 },
    ],
    changeStage: async (change: StageChange) => {
      changes.push(change);
      return true;
    },
  };
  const job = { getState: async () => 'failed', failedReason };
  const queues = {
    pdf: {} as Queue<PdfProcessingJob>,
    quiz: { getJob: async () => job } as unknown as Queue<QuizGenerationJob>,
  };
  const sweeper = new StallSweeper({} as DataSource, queues, 10, { retryOwed: async () => 0 });
  Object.assign(sweeper, { runs });
  const stored = () => changes[0]?.values.evaluationGenerationError;
  return { sweeper, stored };
}

describe('a stalled generation whose job failed', () => {
  it("keeps the stalled sentence alone when the job's cause is not a worker's reason", async () => {
    const { sweeper, stored } = sweeperOver(
      'insert or update on table "documents" violates foreign key constraint "fk_evaluation"',
    );
    expect(await sweeper.sweep()).toBe(1);
    expect(stored()).toBe(STALLED_EVALUATION_REASON);
  });

  it("keeps a worker's reason as the cause", async () => {
    const { sweeper, stored } = sweeperOver('The AI provider did not answer in time.');
    expect(await sweeper.sweep()).toBe(1);
    expect(stored()).toBe(`${STALLED_EVALUATION_REASON} (The AI provider did not answer in time.)`);
  });
});
