import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { failureReasonOf, type VideoAnalysisJob } from '@hub/proto';
import type { AnalysisDispatch } from './analysis-dispatch.js';
import { AnalysisSweeper, STALLED_ANALYSIS } from './analysis-sweeper.js';

/** A sweeper finding one analysis stalled, its job failed with `failedReason`. */
function sweeperOver(failedReason: string) {
  const reasons: string[] = [];
  const analyses = {
    stalled: async () => [{ id: 6, analysis_run: 2 }],
    failStalled: async (_id: number, _run: number, reason: string) => {
      reasons.push(reason);
    },
  };
  const job = { getState: async () => 'failed', failedReason };
  const queue = { getJob: async () => job } as unknown as Queue<VideoAnalysisJob>;
  const dispatch = { dispatchWaiting: async () => undefined } as unknown as AnalysisDispatch;
  const sweeper = new AnalysisSweeper({} as DataSource, queue, 30, dispatch);
  Object.assign(sweeper, { analyses });
  return { sweeper, reasons };
}

describe('a stalled analysis whose job failed', () => {
  it("says the stalled sentence alone when the job's cause is not a worker's reason", async () => {
    const { sweeper, reasons } = sweeperOver('connect ECONNREFUSED 10.0.4.7:6379');
    expect(await sweeper.sweep()).toBe(1);
    expect(reasons).toEqual([STALLED_ANALYSIS]);
    expect(failureReasonOf(reasons[0]!)?.code).toBe('video_analysis_stalled');
  });

  it("keeps a worker's reason as the cause, in a sentence of the catalog", async () => {
    const { sweeper, reasons } = sweeperOver('The video has no frames.');
    expect(await sweeper.sweep()).toBe(1);
    expect(failureReasonOf(reasons[0]!)).toEqual({
      code: 'video_analysis_stalled_cause',
      params: { detail: 'The video has no frames.' },
    });
  });
});
