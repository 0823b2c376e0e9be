import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisReport } from '@hub/proto';
import type { AnalysisRequest } from './analysis-dispatch.js';

/** An analysis kept with its video until its organization's faces are enrolled. */
export interface AwaitingRow {
  id: number;
  organization_id: number;
  analysis_run: number;
  analysis_job: AnalysisRequest;
}

/** Whom to tell about a video's analysis. */
export interface AnalysedVideo {
  uploaded_by: number;
  organization_id: number;
  title: string;
}

/**
 * The analysis state of videos. Every change is one conditional UPDATE tied to its run and to a
 * running analysis, so a late result of an earlier run never replaces a newer one.
 */
@Injectable()
export class AnalysisRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Analyses not queued yet, of one organization or of all (null). */
  async awaitingDispatch(organizationId: number | null): Promise<AwaitingRow[]> {
    return (await this.db.query(
      `SELECT id, organization_id, analysis_run, analysis_job FROM videos
        WHERE analysis_status = 'processing' AND analysis_queued_at IS NULL
          AND analysis_job IS NOT NULL AND ($1::int IS NULL OR organization_id = $1)`,
      [organizationId],
    )) as AwaitingRow[];
  }

  /** Whether this call marked the run queued (another may have been first). */
  async markQueued(videoId: number, run: number): Promise<boolean> {
    const [, marked] = (await this.db.query(
      `UPDATE videos SET analysis_queued_at = now(), progress_updated_at = now()
        WHERE id = $1 AND analysis_run = $2 AND analysis_queued_at IS NULL`,
      [videoId, run],
    )) as [unknown, number];
    return marked > 0;
  }

  /** Queued analyses whose progress is older than this. */
  async stalled(stallMinutes: number): Promise<{ id: number; analysis_run: number }[]> {
    return (await this.db.query(
      `SELECT id, analysis_run FROM videos WHERE analysis_status = 'processing'
          AND analysis_queued_at IS NOT NULL
          AND progress_updated_at < now() - make_interval(mins => $1)`,
      [stallMinutes],
    )) as { id: number; analysis_run: number }[];
  }

  async failStalled(videoId: number, run: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE videos SET analysis_status = 'failed', analysis_error = $2
        WHERE id = $1 AND analysis_run = $3 AND analysis_status = 'processing'`,
      [videoId, reason, run],
    );
  }

  /** The organization of a video; undefined once it is deleted. */
  async organizationOf(videoId: number): Promise<number | undefined> {
    const [video] = (await this.db.query(`SELECT organization_id FROM videos WHERE id = $1`, [
      videoId,
    ])) as { organization_id: number }[];
    return video?.organization_id;
  }

  /** The duration is known before any analysis; an analysis's own figure wins. */
  async recordDuration(videoId: number, durationSeconds: number | null): Promise<void> {
    await this.db.query(
      `UPDATE videos SET duration_seconds = $2 WHERE id = $1 AND duration_seconds IS NULL`,
      [videoId, durationSeconds],
    );
  }

  /** Fails a video no analysis has touched yet; the video when it did. */
  async failUnreadable(videoId: number, reason: string): Promise<AnalysedVideo | undefined> {
    const [updated] = (await this.db.query(
      `UPDATE videos SET analysis_status = 'failed', analysis_error = $2, progress_updated_at = now()
        WHERE id = $1 AND analysis_status = 'pending' RETURNING uploaded_by, title, organization_id`,
      [videoId, reason],
    )) as [AnalysedVideo[], number];
    return updated[0];
  }

  async recordProgress(videoId: number, run: number, current: number, total: number) {
    await this.db.query(
      `UPDATE videos SET progress_current = $3, progress_total = $4, progress_updated_at = now()
        WHERE id = $1 AND analysis_run = $2 AND analysis_status = 'processing'`,
      [videoId, run, current, total],
    );
  }

  /**
   * The run's report, if the run is still the running one; the video when it was. Within the
   * transaction that groups the run's unknown faces, when given.
   */
  async complete(
    videoId: number,
    run: number,
    report: AnalysisReport,
    tx: EntityManager = this.db.manager,
  ): Promise<AnalysedVideo | undefined> {
    const [updated] = (await tx.query(
      `UPDATE videos SET analysis_status = 'completed', analysis_error = NULL, report = $3, duration_seconds = $4,
         detected_operators = $5, identified_operators = $6, identification_rate = $7, analyzed_at = now(),
         progress_updated_at = now()
        WHERE id = $1 AND analysis_run = $2 AND analysis_status = 'processing' RETURNING uploaded_by, title, organization_id`,
      [
        videoId,
        run,
        JSON.stringify(report),
        report.durationSeconds,
        report.detectedOperators,
        report.identifiedOperators.length,
        report.identificationRate,
      ],
    )) as [AnalysedVideo[], number];
    return updated[0];
  }

  /** Fails the run, if it is still the running one; the video when it did. */
  async fail(videoId: number, run: number, reason: string): Promise<AnalysedVideo | undefined> {
    const [updated] = (await this.db.query(
      `UPDATE videos SET analysis_status = 'failed', analysis_error = $3, progress_updated_at = now()
        WHERE id = $1 AND analysis_run = $2 AND analysis_status = 'processing' RETURNING uploaded_by, title, organization_id`,
      [videoId, run, reason],
    )) as [AnalysedVideo[], number];
    return updated[0];
  }
}
