import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisReport, ReviewFaceRequest, SpacedEmbedding } from '@hub/proto';
import {
  ANALYSIS_FAILED,
  ANALYSIS_RUNNING,
  REPORT_REPLACED,
  ReportNotCurrent,
  type Reviewed,
  ReviewRefusal,
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

interface LockedRow extends ReviewedRow {
  id: number;
}

/**
 * The videos' reports, their rows locked (in id order, so two lockers of several never wait on
 * each other crosswise) so two supervisors' reviews apply one after the other. Those without a
 * report are not read.
 */
async function lockReports(
  tx: EntityManager,
  organizationId: number,
  videoIds: readonly number[],
): Promise<LockedRow[]> {
  return (await tx.query(
    `SELECT id, analysis_run, analysis_status, analyzed_at, report FROM videos
      WHERE id = ANY($1::int[]) AND organization_id = $2 AND report IS NOT NULL
      ORDER BY id FOR UPDATE`,
    [videoIds, organizationId],
  )) as LockedRow[];
}

/** The reports and their figures, as the reviews left them, in one statement. */
async function storeReports(
  tx: EntityManager,
  reports: readonly { videoId: number; report: AnalysisReport }[],
) {
  const rows = reports.map(({ videoId, report }) => ({
    id: videoId,
    report,
    detected: report.detectedOperators,
    identified: report.identifiedOperators.length,
    rate: report.identificationRate,
  }));
  await tx.query(
    `UPDATE videos v SET report = r.report, detected_operators = r.detected,
       identified_operators = r.identified, identification_rate = r.rate
       FROM jsonb_to_recordset($1::jsonb)
         AS r(id int, report jsonb, detected int, identified int, rate double precision)
      WHERE v.id = r.id`,
    [JSON.stringify(rows)],
  );
}

/** A review applied, of which video's run: what its audit row keeps. */
interface AppliedReview {
  videoId: number;
  run: number;
  record: ReviewRecord;
  reviewed: Reviewed;
}

/** The reviews' audit rows, in one statement, in the order they were applied. */
async function insertReviews(
  tx: EntityManager,
  organizationId: number,
  reviews: readonly AppliedReview[],
) {
  const rows = reviews.map(({ videoId, run, record, reviewed }, n) => ({
    n,
    video_id: videoId,
    run,
    face_id: record.faceId,
    decision: record.decision,
    user_id: reviewed.userId,
    reviewed_by: record.reviewedBy,
    appearances: reviewed.appearances,
    user_name: reviewed.userName,
    reviewer_name: record.reviewerName,
    reviewed_at: record.reviewedAt,
  }));
  await tx.query(
    `INSERT INTO face_reviews (organization_id, video_id, run, face_id, decision, user_id,
       reviewed_by, appearances, user_name, reviewer_name, reviewed_at)
     SELECT $1, r.video_id, r.run, r.face_id, r.decision, r.user_id, r.reviewed_by,
            r.appearances, r.user_name, r.reviewer_name, r.reviewed_at
       FROM jsonb_to_recordset($2::jsonb) AS r(n int, video_id int, run int, face_id text,
            decision text, user_id int, reviewed_by int, appearances jsonb, user_name text,
            reviewer_name text, reviewed_at timestamptz)
      ORDER BY r.n`,
    [organizationId, JSON.stringify(rows)],
  );
}

/** A face named: the video it is of, and its kept embedding (of a known space) to learn. */
export interface NamedFace {
  videoId: number;
  faceId: string;
  learnable: NamedUnknownFace | null;
}

/**
 * The kept faces named the member, in one statement: they leave their unknown person. A face of
 * no known space is named but not learned: it could never be compared.
 */
async function nameKeptFaces(
  tx: EntityManager,
  organizationId: number,
  named: readonly { video_id: number; face_id: string; user_id: number }[],
): Promise<NamedFace[]> {
  const [rows] = (await tx.query(
    `UPDATE unknown_faces f SET named_user_id = n.user_id
       FROM jsonb_to_recordset($2::jsonb) AS n(video_id int, face_id text, user_id int)
      WHERE f.video_id = n.video_id AND f.face_id = n.face_id AND f.organization_id = $1
      RETURNING f.video_id, f.face_id, f.embedding, f.embedding_space AS space, f.model`,
    [organizationId, JSON.stringify(named)],
  )) as [KeptFaceRow[], number];
  return rows.map(({ video_id: videoId, face_id: faceId, space, embedding, model }) => ({
    videoId,
    faceId,
    learnable: space ? { embedding, space, model } : null,
  }));
}

type KeptFaceRow = Omit<NamedUnknownFace, 'space'> & {
  video_id: number;
  face_id: string;
  space: string | null;
};

/** The reviews of a video's faces to apply in turn, on the report they were read of. */
export interface VideoReviews {
  videoId: number;
  of: ReportOf;
  faces: readonly { record: ReviewRecord; revise: Revision }[];
}

/**
 * Each face's review applied to the report the one before it left; a face whose review is
 * refused (a ReviewRefusal: seen beside the member, or not unidentified any more) is left as it
 * is. None on a report that cannot take them (notCurrent).
 */
function applyInTurn(row: LockedRow, reviews: VideoReviews): AppliedReview[] {
  if (notCurrent(row, reviews.of)) return [];
  let report = withFaceIds(row.report);
  const applied: AppliedReview[] = [];
  for (const { record, revise } of reviews.faces) {
    try {
      const reviewed = revise(report);
      report = reviewed.report;
      applied.push({ videoId: row.id, run: row.analysis_run, record, reviewed });
    } catch (error) {
      if (!(error instanceof ReviewRefusal)) throw error;
    }
  }
  return applied;
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
      const [row] = await lockReports(tx, organizationId, [videoId]);
      if (!row) return null;
      const refused = notCurrent(row, of);
      if (refused) throw new ReportNotCurrent(refused);
      const revised = revise(withFaceIds(row.report));
      const report = followUp ? await followUp(tx, revised) : revised.report;
      await storeReports(tx, [{ videoId, report }]);
      const run = row.analysis_run;
      await insertReviews(tx, organizationId, [{ videoId, run, record, reviewed: revised }]);
      if (record.decision === 'reject') {
        await forgetLearned(tx, { organizationId, videoId, userId: revised.userId });
      }
      if (record.decision !== 'name') return { namedUnknownFace: null };
      const [face] = await nameKeptFaces(tx, organizationId, [
        { video_id: videoId, face_id: record.faceId, user_id: revised.userId },
      ]);
      return { namedUnknownFace: face?.learnable ?? null };
    });
  }

  /**
   * Names faces of several videos in one transaction (an unknown person's faces), as `revise`
   * names one each: a video whose report cannot take them (running, failed, or not the run read)
   * keeps its faces unnamed, as does a face whose review is refused. The faces named.
   */
  async nameFaces(organizationId: number, videos: readonly VideoReviews[]): Promise<NamedFace[]> {
    return this.db.transaction(async (tx) => {
      const ids = videos.map((video) => video.videoId);
      const locked = await lockReports(tx, organizationId, ids);
      const rows = new Map(locked.map((row) => [row.id, row]));
      const applied = videos.flatMap((video) => {
        const row = rows.get(video.videoId);
        return row ? applyInTurn(row, video) : [];
      });
      if (applied.length === 0) return [];
      // The last review of each video leaves its report.
      const reports = new Map(applied.map(({ videoId, reviewed }) => [videoId, reviewed.report]));
      await storeReports(
        tx,
        [...reports].map(([videoId, report]) => ({ videoId, report })),
      );
      await insertReviews(tx, organizationId, applied);
      const named = applied.map(({ videoId, record, reviewed }) => ({
        video_id: videoId,
        face_id: record.faceId,
        user_id: reviewed.userId,
      }));
      const kept = await nameKeptFaces(tx, organizationId, named);
      const learnable = new Map(kept.map((face) => [`${face.videoId}:${face.faceId}`, face]));
      // A face of a report written before faces were kept is named all the same.
      return named.map(({ video_id: videoId, face_id: faceId }) => ({
        videoId,
        faceId,
        learnable: learnable.get(`${videoId}:${faceId}`)?.learnable ?? null,
      }));
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
