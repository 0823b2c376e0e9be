import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisReport, ReviewFaceRequest } from '@hub/proto';
import { withFaceIds } from './apply-review.js';

/** The report a review makes, and whom the review was about (kept in the audit row). */
export type Revision = (report: AnalysisReport) => { report: AnalysisReport; userId: number };

/** What else the review changes in its transaction, and the report as that leaves it. */
export type FollowUp = (tx: EntityManager, report: AnalysisReport) => Promise<AnalysisReport>;

export interface ReviewRecord {
  faceId: string;
  decision: ReviewFaceRequest['decision'];
  reviewedBy: number;
}

/** A named face the worker had kept as unknown: its embedding, now the person's. */
export interface NamedUnknownFace {
  embedding: number[];
  model: string;
}

export interface Revised {
  namedUnknownFace: NamedUnknownFace | null;
}

/** Reviews of reports' faces: the report and its figures change with the audit row, at once. */
@Injectable()
export class FaceReviewRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Applies a review to a completed analysis of the organization, the video's row locked so
   * two supervisors' reviews apply one after the other. Null when there is no such report. A
   * named face leaves its unknown person: it is the member's now, and goes with them.
   */
  async revise(
    organizationId: number,
    videoId: number,
    revise: Revision,
    record: ReviewRecord,
    followUp?: FollowUp,
  ): Promise<Revised | null> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `SELECT analysis_run, report FROM videos
          WHERE id = $1 AND organization_id = $2 AND analysis_status = 'completed'
            AND report IS NOT NULL FOR UPDATE`,
        [videoId, organizationId],
      )) as { analysis_run: number; report: AnalysisReport }[];
      if (!row) return null;
      const revised = revise(withFaceIds(row.report));
      const { userId } = revised;
      const report = followUp ? await followUp(tx, revised.report) : revised.report;
      await tx.query(
        `UPDATE videos SET report = $2, detected_operators = $3, identified_operators = $4,
           identification_rate = $5 WHERE id = $1`,
        [
          videoId,
          JSON.stringify(report),
          report.detectedOperators,
          report.identifiedOperators.length,
          report.identificationRate,
        ],
      );
      await tx.query(
        `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id, reviewed_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          organizationId,
          videoId,
          row.analysis_run,
          record.faceId,
          record.decision,
          userId,
          record.reviewedBy,
        ],
      );
      if (record.decision !== 'name') return { namedUnknownFace: null };
      const [named] = (await tx.query(
        `UPDATE unknown_faces SET named_user_id = $3
          WHERE video_id = $1 AND face_id = $2 AND organization_id = $4
          RETURNING embedding, model`,
        [videoId, record.faceId, userId, organizationId],
      )) as [NamedUnknownFace[], number];
      return { namedUnknownFace: named[0] ?? null };
    });
  }
}
