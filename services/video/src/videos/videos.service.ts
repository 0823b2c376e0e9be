import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  type Actor,
  identityRpc,
  libraryRpc,
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
import { videoUnknownFacesPrefix } from '../processing/video-events.js';
import { toVideo, toVideoWithReport, type VideoRow } from './video-rows.js';
import { VideosRepository } from './videos.repository.js';

export const VIDEO_NOT_FOUND = 'Video not found';
const ALREADY_ANALYSING = 'This video is already being analysed. Wait for the analysis to finish.';

type NewVideo = RpcRequest<typeof videoRpc.create>;

@Injectable()
export class VideosService {
  private readonly logger = new Logger('VideosService');

  constructor(
    @Inject(VideosRepository) private readonly videos: VideosRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(ANALYSIS_QUEUE) private readonly queue: Queue<VideoAnalysisJob>,
    @Inject(PROBE_QUEUE) private readonly probes: Queue<VideoProbeJob>,
    @Inject(ANALYSIS_DISPATCH) private readonly dispatch: AnalysisDispatch,
  ) {}

  private async row(actor: Actor, videoId: number): Promise<VideoRow> {
    const row = await this.videos.findInOrganization(actor.organizationId, videoId);
    if (!row) throw RpcFailure.notFound(VIDEO_NOT_FOUND);
    return row;
  }

  async list(
    actor: Actor,
    search: string | undefined,
    limit: number,
    cursor?: string,
  ): Promise<VideoList> {
    const { total, rows } = await this.videos.page(actor.organizationId, search, limit, cursor);
    const page = pageOf(rows, limit, (row) => [row.cursor_at, String(row.id)]);
    const videos = await this.inLibrary(actor.organizationId, page.rows);
    return { videos: videos.map(toVideo), totalCount: total, nextCursor: page.nextCursor };
  }

  async get(actor: Actor, videoId: number): Promise<VideoWithReport> {
    const [row] = await this.inLibrary(actor.organizationId, [await this.row(actor, videoId)]);
    return toVideoWithReport(row!);
  }

  /**
   * The rows with the linked SOPs the library still has as processed SOPs, under their current
   * titles (one question for the page). A deleted SOP stays in video_sops but is shown and
   * counted no more: "Re-run analysis" sends the linked SOPs, and one deleted was refused.
   */
  private async inLibrary<R extends VideoRow>(organizationId: number, rows: R[]): Promise<R[]> {
    const documentIds = [...new Set(rows.flatMap((row) => (row.sops ?? []).map((s) => s.sopId)))];
    if (documentIds.length === 0) return rows;
    const current = await this.rpc.call(libraryRpc.sopTitles, { organizationId, documentIds });
    const titles = new Map(current.map((sop) => [sop.id, sop.title]));
    return rows.map((row) => ({
      ...row,
      sops: (row.sops ?? [])
        .flatMap((sop) => {
          const title = titles.get(sop.sopId);
          return title === undefined ? [] : [{ sopId: sop.sopId, sopTitle: title }];
        })
        .sort((a, b) => a.sopTitle.localeCompare(b.sopTitle) || a.sopId - b.sopId),
    }));
  }

  /** Linked SOPs must be processed documents of the organization; others are dropped by the check. */
  private async sops(actor: Actor, sopIds: number[]) {
    // No SOP chosen: nothing to ask the library, and the analysis is queued a round trip sooner.
    if (sopIds.length === 0) return [];
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

  /**
   * Idempotent by the storage key: the gateway asks again when the first answer did not come in
   * time, and deletes the stored file only when refused. A repeat answers the video recorded
   * before anything else is checked, so it is not refused when the first one was not (a SOP
   * deleted since, or the library away); two at once make one video (see VideosRepository.create).
   */
  async create(request: NewVideo): Promise<Video> {
    const { actor } = request;
    if (!belongsToOrganization(request.storageKey, actor.organizationId))
      throw RpcFailure.forbidden();
    const recorded = await this.videos.findByStorageKey(actor.organizationId, request.storageKey);
    if (recorded) return toVideo(recorded);
    const linked = request.linkedSops.length
      ? await this.sops(
          actor,
          request.linkedSops.map((sop) => sop.sopId),
        )
      : [];
    const { id, created } = await this.videos.create(
      {
        organizationId: actor.organizationId,
        title: request.title,
        description: request.description || null,
        fileName: request.fileName,
        fileSize: request.fileSize,
        storageKey: request.storageKey,
        recordedAt: request.recordedAt,
        uploadedBy: actor.userId,
      },
      linked.map(({ sopId, sopTitle }) => ({ sopId, sopTitle })),
    );
    // The first create of the key queued its probe.
    if (created) await this.probe(actor.organizationId, id, request.storageKey);
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
    // Conditional on the run read: of two requests at once, only one starts the next run.
    const started = await this.videos.startAnalysis(
      row.analysis_run,
      request,
      sops.map(({ sopId, sopTitle }) => ({ sopId, sopTitle })),
    );
    if (!started) throw new RpcFailure('conflict', ALREADY_ANALYSING);
    // Queued now, or once the organization's pending face enrolments are done.
    await this.dispatch.dispatchWaiting(actor.organizationId);
    return toVideo(await this.row(actor, videoId));
  }

  async delete(actor: Actor, videoId: number) {
    const row = await this.row(actor, videoId);
    await this.videos.delete(videoId);
    const job = await this.queue.getJob(analysisJobId(videoId, row.analysis_run));
    await job?.remove().catch(() => undefined);
    await this.storage.remove(row.storage_key);
    // Its unknown faces' rows went with the row; their crops go here.
    await this.storage.removePrefix(videoUnknownFacesPrefix(actor.organizationId, videoId));
    return { message: `Video ${row.title} deleted` };
  }

  /** The key must be a video of the actor's organization, whatever the URL claimed. */
  async streamKey(actor: Actor, key: string) {
    const storageKey = await this.videos.findStorageKey(actor.organizationId, key);
    if (!storageKey) throw RpcFailure.notFound('Failed to load video stream');
    return { key: storageKey };
  }
}
