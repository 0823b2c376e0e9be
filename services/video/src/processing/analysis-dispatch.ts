import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { addFairly } from '@hub/kit';
import { analysisJobId, type VideoAnalysisJob } from '@hub/proto';
import type { FaceEnrolments } from '../faces/face-enrolments.js';
import { AnalysisRepository, type AwaitingRow } from './analysis.repository.js';

/** An analysis job as kept with its video until the organization's faces are enrolled. */
export type AnalysisRequest = Omit<VideoAnalysisJob, 'enrolments'>;

export { analysisJobId };

/**
 * Queues analyses once no profile picture of their organization is still being enrolled (or
 * the wait has run out), so a person whose picture was set just before is compared too.
 * Queuing is idempotent (one job id per run), so the inbox and the sweeper may both try.
 */
export class AnalysisDispatch {
  private readonly analyses: AnalysisRepository;

  constructor(
    db: DataSource,
    private readonly queue: Queue<VideoAnalysisJob>,
    private readonly faces: FaceEnrolments,
    private readonly enrolmentWaitMinutes: number,
  ) {
    this.analyses = new AnalysisRepository(db);
  }

  /** Queues the waiting analyses of one organization, or of all when none is named. */
  async dispatchWaiting(organizationId?: number): Promise<number> {
    const rows = await this.analyses.awaitingDispatch(organizationId ?? null);
    let queued = 0;
    const ready = new Map<number, boolean>();
    for (const row of rows) {
      if (!ready.has(row.organization_id)) {
        ready.set(row.organization_id, await this.enrolmentsSettled(row.organization_id));
      }
      if (ready.get(row.organization_id) && (await this.enqueue(row))) queued += 1;
    }
    return queued;
  }

  private async enrolmentsSettled(organizationId: number): Promise<boolean> {
    return (await this.faces.pendingIn(organizationId, this.enrolmentWaitMinutes)) === 0;
  }

  private async enqueue(row: AwaitingRow): Promise<boolean> {
    const { enrolments, notYetEnrolled } = await this.faces.forAnalysis(row.organization_id);
    const job: VideoAnalysisJob = {
      ...row.analysis_job,
      enrolments,
      ...(notYetEnrolled.length ? { notYetEnrolled } : {}),
    };
    // Organizations take turns on the video worker; the contract names the job (analysisJobId).
    await addFairly(this.queue, 'analyse', job);
    return this.analyses.markQueued(row.id, row.analysis_run);
  }
}
