import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisReport, ReviewFaceRequest, SpacedEmbedding } from '@hub/proto';
import {
  ANALYSIS_FAILED,
  ANALYSIS_RUNNING,
  REPORT_REPLACED,
  ReportNotCurrent,
  type Reviewed,
  withFaceIds,
} from './apply-review.js';

/** The report a review makes, and what the review was about (kept in the audit row). */
export type Revision = (report: AnalysisReport) => Reviewed;

/** What else the review changes in its transaction, and the report as that leaves it. */
export type FollowUp = (tx: EntityManager, reviewed: Reviewed) => Promise<AnalysisReport>;

export interface ReviewRecord {
  faceId: string;
  decision: ReviewFaceRequest['decision'];
  reviewedBy: number;
  reviewerName: string;
  /** When, as the report says it: kept the same so a review applied again reads the same. */
  reviewedAt: string;
}

/** A review kept of a video, with where its face was seen: to apply again to a new report. */
export interface KeptReview {
  organizationId: number;
  decision: ReviewFaceRequest['decision'];
  userId: number;
  userName: string;
  reviewedBy: number;
  reviewerName: string;
  reviewedAt: string;
  appearances: { start: number; end: number }[];
}

/** A named face the worker had kept as unknown: its embedding, now the person's. */
export interface NamedUnknownFace extends SpacedEmbedding {
  model: string;
}

export interface Revised {
  namedUnknownFace: NamedUnknownFace | null;
}

/**
 * Which analysis the review was made on: its run (a face kept by it), or the `analyzedAt` the
 * supervisor's page showed. Either, when given, must still be the video's report.
 */
export interface ReportOf {
  run?: number;
  analyzedAt?: string;
}

interface ReviewedRow {
  analysis_run: number;
  analysis_status: string;
  analyzed_at: Date | null;
  report: AnalysisReport;
}

/**
 * Why the video's report cannot take the review, if it cannot: a run's face ids are its own, and
 * the report stays shown while a new analysis runs and after it failed.
 */
function notCurrent(row: ReviewedRow, of: ReportOf): string | undefined {
  if (row.analysis_status === 'processing') return ANALYSIS_RUNNING;
  if (row.analysis_status !== 'completed') return ANALYSIS_FAILED;
  if (of.run !== undefined && row.analysis_run !== of.run) return REPORT_REPLACED;
  const analyzedAt = row.analyzed_at?.toISOString();
  if (of.analyzedAt !== undefined && analyzedAt !== of.analyzedAt) return REPORT_REPLACED;
  return undefined;
}

/**
 * A face learned from this video as the person (confirmed, or named) is the face just rejected as
 * them: one learned face a person and video, and a report has one entry a person. Kept, it would
 * name that stranger as them in every later analysis and snapshot.
 */
async function forgetLearned(
  tx: EntityManager,
  face: { organizationId: number; videoId: number; userId: number },
): Promise<void> {
  await tx.query(
    `DELETE FROM face_enrolments
      WHERE organization_id = $1 AND video_id = $2 AND user_id = $3 AND source = 'learned'`,
    [face.organizationId, face.videoId, face.userId],
  );
}

/** Reviews of reports' faces: the report and its figures change with the audit row, at once. */
@Injectable()
export class FaceReviewRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Applies a review to a completed analysis of the organization, the video's row locked so
   * two supervisors' reviews apply one after the other. Null when the video has no report; a
   * ReportNotCurrent when its analysis runs or failed, or it is not the one `of` names. A named
   * face leaves its unknown person: it is the member's now, and goes with them.
   */
  async revise(
    organizationId: number,
    videoId: number,
    revise: Revision,
    record: ReviewRecord,
    followUp?: FollowUp,
    of: ReportOf = {},
  ): Promise<Revised | null> {
    return this.db.transaction(async (tx) => {
      const [row] = (await tx.query(
        `SELECT analysis_run, analysis_status, analyzed_at, report FROM videos
          WHERE id = $1 AND organization_id = $2 AND report IS NOT NULL FOR UPDATE`,
        [videoId, organizationId],
      )) as ReviewedRow[];
      if (!row) return null;
      const refused = notCurrent(row, of);
      if (refused) throw new ReportNotCurrent(refused);
      const revised = revise(withFaceIds(row.report));
      const report = followUp ? await followUp(tx, revised) : revised.report;
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
        `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id,
           reviewed_by, appearances, user_name, reviewer_name, reviewed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          organizationId,
          videoId,
          row.analysis_run,
          record.faceId,
          record.decision,
          revised.userId,
          record.reviewedBy,
          JSON.stringify(revised.appearances),
          revised.userName,
          record.reviewerName,
          record.reviewedAt,
        ],
      );
      if (record.decision === 'reject') {
        await forgetLearned(tx, { organizationId, videoId, userId: revised.userId });
      }
      if (record.decision !== 'name') return { namedUnknownFace: null };
      const [named] = (await tx.query(
        `UPDATE unknown_faces SET named_user_id = $3
          WHERE video_id = $1 AND face_id = $2 AND organization_id = $4
          RETURNING embedding, embedding_space AS space, model`,
        [videoId, record.faceId, revised.userId, organizationId],
      )) as [(Omit<NamedUnknownFace, 'space'> & { space: string | null })[], number];
      const face = named[0];
      // A face of no known space is named but not learned: it could never be compared.
      return { namedUnknownFace: face?.space ? { ...face, space: face.space } : null };
    });
  }

  /**
   * The video's reviews that can be applied again, in the order they were made: those kept with
   * where their face was seen (a run's face ids mean nothing to the next run).
   */
  async keptReviews(videoId: number): Promise<KeptReview[]> {
    const rows = (await this.db.query(
      `SELECT organization_id, decision, user_id, user_name, reviewed_by, reviewer_name,
              reviewed_at, appearances
         FROM face_reviews
        WHERE video_id = $1 AND appearances IS NOT NULL AND user_name IS NOT NULL
        ORDER BY id`,
      [videoId],
    )) as {
      organization_id: number;
      decision: KeptReview['decision'];
      user_id: number;
      user_name: string;
      reviewed_by: number;
      reviewer_name: string | null;
      reviewed_at: Date;
      appearances: KeptReview['appearances'];
    }[];
    return rows.map((row) => ({
      organizationId: row.organization_id,
      decision: row.decision,
      userId: row.user_id,
      userName: row.user_name,
      reviewedBy: row.reviewed_by,
      reviewerName: row.reviewer_name ?? 'A supervisor',
      reviewedAt: row.reviewed_at.toISOString(),
      appearances: row.appearances,
    }));
  }
}
