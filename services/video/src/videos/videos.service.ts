import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  type Actor,
  identityRpc,
  libraryRpc,
  type LinkedSop,
  type RpcRequest,
  type Video,
  type VideoAnalysisJob,
  type VideoList,
  type VideoWithReport,
  type VideoProbeJob,
  videoRpc,
} from '@hub/proto';
import {
  addFairly,
  belongsToOrganization,
  decodeCursor,
  type ObjectStorage,
  pageOf,
  RpcClient,
  RpcFailure,
} from '@hub/kit';
import { ANALYSIS_DISPATCH, ANALYSIS_QUEUE, PROBE_QUEUE, RPC, STORAGE } from '../config.js';
import {
  type AnalysisDispatch,
  analysisJobId,
  type AnalysisRequest,
} from '../processing/analysis-dispatch.js';
import { toVideo, toVideoWithReport, VIDEO_COLUMNS, type VideoRow } from './video-rows.js';

export const VIDEO_NOT_FOUND = 'Video not found';
const ALREADY_ANALYSING = 'This video is already being analysed. Wait for the analysis to finish.';

type NewVideo = RpcRequest<typeof videoRpc.create>;

@Injectable()
export class VideosService {
  private readonly logger = new Logger('VideosService');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(ANALYSIS_QUEUE) private readonly queue: Queue<VideoAnalysisJob>,
    @Inject(PROBE_QUEUE) private readonly probes: Queue<VideoProbeJob>,
    @Inject(ANALYSIS_DISPATCH) private readonly dispatch: AnalysisDispatch,
  ) {}

  private async row(actor: Actor, videoId: number): Promise<VideoRow> {
    const [row] = (await this.db.query(
      `SELECT ${VIDEO_COLUMNS} FROM videos v WHERE v.id = $1 AND v.organization_id = $2`,
      [videoId, actor.organizationId],
    )) as VideoRow[];
    if (!row) throw RpcFailure.notFound(VIDEO_NOT_FOUND);
    return row;
  }

  async list(
    actor: Actor,
    search: string | undefined,
    limit: number,
    cursor?: string,
  ): Promise<VideoList> {
    const params: unknown[] = [actor.organizationId];
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
    )) as (VideoRow & { cursor_at: string })[];
    const page = pageOf(rows, limit, (row) => [row.cursor_at, String(row.id)]);
    return { videos: page.rows.map(toVideo), totalCount: total, nextCursor: page.nextCursor };
  }

  async get(actor: Actor, videoId: number): Promise<VideoWithReport> {
    return toVideoWithReport(await this.row(actor, videoId));
  }

  /** Linked SOPs must be processed documents of the organization; others are dropped by the check. */
  private async sops(actor: Actor, sopIds: number[]) {
    const found = await this.rpc.call(libraryRpc.sopsForAnalysis, {
      organizationId: actor.organizationId,
      documentIds: sopIds,
    });
    const missing = sopIds.filter((id) => !found.some((sop) => sop.sopId === id));
    if (missing.length > 0) {
      throw RpcFailure.validation(
        'Only processed SOPs of your organization can be linked to a video.',
        'linkedSOPs',
      );
    }
    return found;
  }

  async create(request: NewVideo): Promise<Video> {
    const { actor } = request;
    if (!belongsToOrganization(request.storageKey, actor.organizationId))
      throw RpcFailure.forbidden();
    const linked = request.linkedSops.length
      ? await this.sops(
          actor,
          request.linkedSops.map((sop) => sop.sopId),
        )
      : [];
    const id = await this.db.transaction(async (tx) => {
      const [created] = (await tx.query(
        `INSERT INTO videos (organization_id, title, description, file_name, file_size, storage_key, recorded_at, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          actor.organizationId,
          request.title,
          request.description || null,
          request.fileName,
          request.fileSize,
          request.storageKey,
          request.recordedAt,
          actor.userId,
        ],
      )) as { id: number }[];
      await this.linkSops(
        tx,
        created!.id,
        linked.map(({ sopId, sopTitle }) => ({ sopId, sopTitle })),
      );
      return created!.id;
    });
    await this.probe(actor.organizationId, id, request.storageKey);
    return toVideo(await this.row(actor, id));
  }

  /**
   * The upload checked only the first bytes; the worker reads the whole header. Not queued is
   * not lost: an analysis probes the file again before anything else.
   */
  private async probe(organizationId: number, videoId: number, videoKey: string) {
    await addFairly(this.probes, 'probe', { videoId, organizationId, videoKey }).catch(
      (error: unknown) =>
        this.logger.warn(`probe of video ${videoId} not queued: ${String(error)}`),
    );
  }

  private async linkSops(tx: { query: DataSource['query'] }, videoId: number, sops: LinkedSop[]) {
    await tx.query(`DELETE FROM video_sops WHERE video_id = $1`, [videoId]);
    for (const sop of sops) {
      await tx.query(`INSERT INTO video_sops (video_id, sop_id, sop_title) VALUES ($1, $2, $3)`, [
        videoId,
        sop.sopId,
        sop.sopTitle,
      ]);
    }
  }

  /** Starts a new analysis run; its result replaces the previous one. Refused while one runs. */
  async analyze(actor: Actor, videoId: number, sopIds: number[]): Promise<Video> {
    const row = await this.row(actor, videoId);
    if (row.analysis_status === 'processing') {
      throw new RpcFailure('conflict', ALREADY_ANALYSING);
    }
    const sops = await this.sops(actor, [...new Set(sopIds)]);
    const { videoAnalysisPrompts } = await this.rpc.call(identityRpc.currentPrompts, {});
    const run = row.analysis_run + 1;
    const request: AnalysisRequest = {
      videoId,
      organizationId: actor.organizationId,
      run,
      videoKey: row.storage_key,
      sops,
      prompt: videoAnalysisPrompts,
    };
    await this.db.transaction(async (tx) => {
      // Conditional on the run read: of two requests at once, only one starts the next run.
      const [, started] = (await tx.query(
        `UPDATE videos SET analysis_status = 'processing', analysis_error = NULL, analysis_run = $2,
           progress_current = NULL, progress_total = NULL, progress_updated_at = now(),
           analysis_job = $4, analysis_queued_at = NULL
          WHERE id = $1 AND analysis_run = $3 AND analysis_status <> 'processing'`,
        [videoId, run, row.analysis_run, JSON.stringify(request)],
      )) as [unknown, number];
      if (!started) throw new RpcFailure('conflict', ALREADY_ANALYSING);
      await this.linkSops(
        tx,
        videoId,
        sops.map(({ sopId, sopTitle }) => ({ sopId, sopTitle })),
      );
    });
    // Queued now, or once the organization's pending face enrolments are done.
    await this.dispatch.dispatchWaiting(actor.organizationId);
    return toVideo(await this.row(actor, videoId));
  }

  async delete(actor: Actor, videoId: number) {
    const row = await this.row(actor, videoId);
    await this.db.query(`DELETE FROM videos WHERE id = $1`, [videoId]);
    const job = await this.queue.getJob(analysisJobId(videoId, row.analysis_run));
    await job?.remove().catch(() => undefined);
    await this.storage.remove(row.storage_key);
    return { message: `Video ${row.title} deleted` };
  }

  /** The key must be a video of the actor's organization, whatever the URL claimed. */
  async streamKey(actor: Actor, key: string) {
    const [row] = (await this.db.query(
      `SELECT storage_key FROM videos WHERE storage_key = $1 AND organization_id = $2`,
      [key, actor.organizationId],
    )) as { storage_key: string }[];
    if (!row) throw RpcFailure.notFound('Failed to load video stream');
    return { key: row.storage_key };
  }
}
