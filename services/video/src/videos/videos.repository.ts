import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { LinkedSop } from '@hub/proto';
import { decodeCursor } from '@hub/kit';
import type { AnalysisRequest } from '../processing/analysis-dispatch.js';
import { VIDEO_COLUMNS, type VideoRow } from './video-rows.js';

export interface NewVideoRecord {
  organizationId: number;
  title: string;
  description: string | null;
  fileName: string;
  fileSize: number;
  storageKey: string;
  recordedAt: string;
  uploadedBy: number;
}

export type ListedVideoRow = VideoRow & { cursor_at: string };

/** The organizations' videos and the SOPs linked to them. */
@Injectable()
export class VideosRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async findInOrganization(organizationId: number, videoId: number): Promise<VideoRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.id = $1 AND v.organization_id = $2`,
      [videoId, organizationId],
    )) as VideoRow[];
    return row;
  }

  /**
   * The organization's videos matching the search (title, description or file name), newest
   * first: the count of all, and `limit + 1` rows after the cursor.
   */
  async page(
    organizationId: number,
    search: string | undefined,
    limit: number,
    cursor?: string,
  ): Promise<{ total: number; rows: ListedVideoRow[] }> {
    const params: unknown[] = [organizationId];
    let where = 'v.organization_id = $1';
    if (search) {
      params.push(`%${search.replace(/[%_\\]/g, '\\$&')}%`);
      where += ` AND (v.title ILIKE $2 OR v.description ILIKE $2 OR v.file_name ILIKE $2)`;
    }
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM videos v WHERE ${where}`,
      params,
    )) as [{ total: number }];
    const after = decodeCursor(cursor, ['time', 'id']);
    if (after) {
      params.push(after[0], after[1]);
      where += ` AND (v.uploaded_at, v.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`;
    }
    params.push(limit + 1);
    const rows = (await this.db.query(
      `SELECT ${VIDEO_COLUMNS}, v.uploaded_at::text AS cursor_at FROM videos v WHERE ${where}
        ORDER BY v.uploaded_at DESC, v.id DESC LIMIT $${params.length}`,
      params,
    )) as ListedVideoRow[];
    return { total, rows };
  }

  /**
   * The video and its linked SOPs, in one transaction; its id, and whether this call made it.
   * Once per storage key (unique): a create asked again, or asked twice at once, answers the
   * video the first one made, waiting for that one's transaction if it is still open.
   */
  create(video: NewVideoRecord, sops: LinkedSop[]): Promise<{ id: number; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const [created] = (await tx.query(
        `INSERT INTO videos (organization_id, title, description, file_name, file_size, storage_key, recorded_at, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (storage_key) DO NOTHING RETURNING id`,
        [
          video.organizationId,
          video.title,
          video.description,
          video.fileName,
          video.fileSize,
          video.storageKey,
          video.recordedAt,
          video.uploadedBy,
        ],
      )) as { id: number }[];
      if (!created) {
        const [existing] = (await tx.query(
          `SELECT id FROM videos WHERE storage_key = $1 AND organization_id = $2`,
          [video.storageKey, video.organizationId],
        )) as { id: number }[];
        // The key's video went between the insert and this read (deleted): nothing to answer.
        if (!existing) throw new Error(`video of ${video.storageKey} deleted while created`);
        return { id: existing.id, created: false };
      }
      await this.linkSops(tx, created.id, sops);
      return { id: created.id, created: true };
    });
  }

  /** The organization's video stored under this key, if there is one. */
  async findByStorageKey(organizationId: number, key: string): Promise<VideoRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.storage_key = $1 AND v.organization_id = $2`,
      [key, organizationId],
    )) as VideoRow[];
    return row;
  }

  /**
   * Starts analysis run `request.run` and links its SOPs, in one transaction. Conditional on the
   * run read: of two requests at once, only one starts the next run; false for the other.
   */
  startAnalysis(previousRun: number, request: AnalysisRequest, sops: LinkedSop[]) {
    return this.db.transaction(async (tx) => {
      const [, started] = (await tx.query(
        `UPDATE videos SET analysis_status = 'processing', analysis_error = NULL, analysis_run = $2,
           progress_current = NULL, progress_total = NULL, progress_updated_at = now(),
           analysis_job = $4, analysis_queued_at = NULL
          WHERE id = $1 AND analysis_run = $3 AND analysis_status <> 'processing'`,
        [request.videoId, request.run, previousRun, JSON.stringify(request)],
      )) as [unknown, number];
      if (!started) return false;
      await this.linkSops(tx, request.videoId, sops);
      return true;
    });
  }

  private async linkSops(tx: EntityManager, videoId: number, sops: LinkedSop[]) {
    await tx.query(`DELETE FROM video_sops WHERE video_id = $1`, [videoId]);
    for (const sop of sops) {
      await tx.query(`INSERT INTO video_sops (video_id, sop_id, sop_title) VALUES ($1, $2, $3)`, [
        videoId,
        sop.sopId,
        sop.sopTitle,
      ]);
    }
  }

  async delete(videoId: number): Promise<void> {
    await this.db.query(`DELETE FROM videos WHERE id = $1`, [videoId]);
  }

  /** The key, if it is a video of the organization. */
  async findStorageKey(organizationId: number, key: string): Promise<string | undefined> {
    const [row] = (await this.db.query(
      `SELECT storage_key FROM videos WHERE storage_key = $1 AND organization_id = $2`,
      [key, organizationId],
    )) as { storage_key: string }[];
    return row?.storage_key;
  }

  /** Its videos (their analyses and SOP links with them) and face embeddings, in one transaction. */
  async deleteOrganizationVideos(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM videos WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM face_enrolments WHERE organization_id = $1`, [organizationId]);
    });
  }
}
