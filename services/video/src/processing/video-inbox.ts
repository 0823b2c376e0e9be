import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type AnalysisReport,
  identityRpc,
  type NotificationRequest,
  VideoInboxMessage,
} from '@hub/proto';
import {
  bounded,
  membersByIds,
  type ObjectStorage,
  type RpcClient,
  type WebhookAnnouncer,
} from '@hub/kit';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import type { FaceReenrolment } from '../faces/face-reenrolment.js';
import type { AnalysisDispatch } from './analysis-dispatch.js';
import { type AnalysedVideo, AnalysisRepository } from './analysis.repository.js';
import { withFaceIds } from '../review/apply-review.js';
import { FaceReviewRepository, type KeptReview } from '../review/face-review.repository.js';
import { completeWithUnknownFaces } from '../unknown-people/group-faces.js';
import { UnknownPeopleRepository } from '../unknown-people/unknown-people.repository.js';
import { withoutNaming } from './unnamed-people.js';

type Message<K extends VideoInboxMessage['kind']> = Extract<VideoInboxMessage, { kind: K }>;

/**
 * Applies what the video worker reports. Every change is one conditional UPDATE tied to its run
 * and to a running analysis, so a late result of an earlier run never replaces a newer one and
 * of a result and a failure handled at once, the second never undoes the first; enrolments to the picture they were made from, so
 * an embedding of a replaced picture is never kept.
 */
export class VideoInbox {
  private readonly logger = new Logger('VideoInbox');
  private readonly analyses: AnalysisRepository;
  private readonly faces: FaceEnrolmentsRepository;
  private readonly unknownPeople: UnknownPeopleRepository;
  private readonly reviews: FaceReviewRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly dispatch: AnalysisDispatch,
    private readonly storage: ObjectStorage,
    private readonly reenrolment: FaceReenrolment,
    private readonly webhooks: WebhookAnnouncer,
  ) {
    this.analyses = new AnalysisRepository(db);
    this.faces = new FaceEnrolmentsRepository(db);
    this.unknownPeople = new UnknownPeopleRepository(db);
    this.reviews = new FaceReviewRepository(db);
  }

  async handle(raw: unknown): Promise<void> {
    const message = VideoInboxMessage.parse(raw);
    switch (message.kind) {
      case 'video.probed':
        return this.probed(message);
      case 'video.unreadable':
        return this.unreadable(message);
      case 'analysis.progress':
        return this.progress(message);
      case 'analysis.completed':
        return this.completed(message);
      case 'analysis.failed':
        return this.failed(message);
      case 'face.enrolled':
        return this.enrolled(message);
      case 'face.rejected':
        return this.rejected(message);
      case 'face.embedder-started':
        await this.reenrolment.into(message.space);
        return;
    }
  }

  /** The duration is known before any analysis; an analysis's own figure wins. */
  private async probed(message: Message<'video.probed'>): Promise<void> {
    await this.analyses.recordDuration(message.videoId, message.durationSeconds);
  }

  /**
   * Only a video no analysis has touched yet fails here: a running analysis reads the same file
   * and reports its own failure; a failed one may be analysed again, which probes again.
   */
  private async unreadable(message: Message<'video.unreadable'>): Promise<void> {
    const video = await this.analyses.failUnreadable(message.videoId, message.reason);
    if (video) {
      await this.tell(video.uploaded_by, {
        type: 'error',
        key: 'videoUnreadable',
        params: { title: video.title, reason: message.reason },
      });
    }
  }

  private async progress(message: Message<'analysis.progress'>): Promise<void> {
    await this.analyses.recordProgress(
      message.videoId,
      message.run,
      message.current,
      message.total,
    );
  }

  private async completed(message: Message<'analysis.completed'>): Promise<void> {
    // Each face gets its id once, so that reviews name it whatever list they move it to.
    const numbered = withFaceIds(message.report);
    // No review is made while a run is processing: those read now are all there are.
    const kept = await this.reviews.keptReviews(message.videoId);
    const people = await this.peopleNamed(message.videoId, numbered, kept);
    const reviews = kept.filter(
      (review) => review.decision !== 'name' || people.nameable.has(review.userId),
    );
    // Nobody suspended is named, whoever named them: the worker, or a supervisor before.
    const { report, faces } = withoutNaming(numbered, message, people.suspended);
    // Told as stored, the reviews applied: the worker's report may name someone a supervisor
    // rejected at those times.
    let stored = report;
    const video = await completeWithUnknownFaces(
      { repository: this.unknownPeople, storage: this.storage },
      { ...message, ...faces },
      report,
      reviews,
      async (tx, labelled) => {
        stored = labelled;
        const completed = await this.analyses.complete(message.videoId, message.run, labelled, tx);
        if (completed) await this.announceAnalysed(completed, message, labelled, tx);
        return completed;
      },
    );
    if (!video) return;
    await this.tell(video.uploaded_by, {
      type: 'success',
      key: 'videoAnalysed',
      params: {
        title: video.title,
        detected: stored.detectedOperators,
        identified: stored.identifiedOperators.map((operator) => operator.name),
      },
    });
  }

  /** In the completing transaction: the analysis and its event commit together. */
  private announceAnalysed(
    video: AnalysedVideo,
    message: Message<'analysis.completed'>,
    report: AnalysisReport,
    tx: EntityManager,
  ): Promise<void> {
    return this.webhooks.announce(
      {
        organizationId: video.organization_id,
        type: 'video.analysed',
        key: `${message.videoId}-run-${message.run}`,
        data: {
          videoId: message.videoId,
          title: bounded(video.title),
          detectedOperators: report.detectedOperators,
          identifiedOperators: report.identifiedOperators.length,
        },
      },
      tx,
    );
  }

  /**
   * Who of the people the run's report and the video's earlier namings name may be named, asked
   * as the run completes (not when it was queued): `nameable` are members of the video's
   * organization still (a naming of someone deleted since is not applied again) and not
   * suspended; `suspended` those the organization suspended, named nowhere while they are.
   */
  private async peopleNamed(
    videoId: number,
    report: AnalysisReport,
    reviews: readonly KeptReview[],
  ): Promise<{ nameable: Set<number>; suspended: Set<number> }> {
    const userIds = [
      ...new Set([
        ...report.identifiedOperators.map((face) => face.userId),
        ...(report.notYetEnrolled ?? []).map((person) => person.userId),
        ...reviews.flatMap((review) => (review.decision === 'name' ? [review.userId] : [])),
      ]),
    ];
    const organizationId = userIds.length ? await this.analyses.organizationOf(videoId) : undefined;
    if (organizationId === undefined) return { nameable: new Set(), suspended: new Set() };
    const members = await membersByIds(this.rpc, organizationId, userIds);
    return {
      nameable: new Set(members.flatMap((member) => (member.suspended ? [] : [member.id]))),
      suspended: new Set(members.flatMap((member) => (member.suspended ? [member.id] : []))),
    };
  }

  private async failed(message: Message<'analysis.failed'>): Promise<void> {
    const video = await this.analyses.fail(message.videoId, message.run, message.reason);
    if (video) {
      await this.tell(video.uploaded_by, {
        type: 'error',
        key: 'videoFailed',
        params: { title: video.title, reason: message.reason },
      });
    }
  }

  private async enrolled(message: Message<'face.enrolled'>): Promise<void> {
    const organizationId = await this.faces.recordEmbedding(
      message.userId,
      message.pictureKey,
      message,
    );
    await this.dispatchAfterEnrolment(organizationId);
  }

  /**
   * A refused profile picture is told in a notification; a refused reference photo is told to
   * the upload that waits for it, and its file goes at once (nothing of it is kept).
   */
  private async rejected(message: Message<'face.rejected'>): Promise<void> {
    const refused = await this.faces.reject(message.userId, message.pictureKey, message.reason);
    await this.dispatchAfterEnrolment(refused?.organizationId);
    if (refused?.source === 'reference') {
      await this.storage.remove(message.pictureKey);
      return;
    }
    // A face not found again in its video: nobody asked for it, nothing to tell.
    if (refused?.source === 'learned') return;
    await this.tell(message.changedBy, {
      type: 'warning',
      key: 'pictureRejected',
      params: { reason: message.reason },
    });
  }

  /** Analyses that waited for this organization's enrolments may go now. */
  private async dispatchAfterEnrolment(organizationId: number | undefined): Promise<void> {
    if (organizationId !== undefined) await this.dispatch.dispatchWaiting(organizationId);
  }

  /** Identity writes it in the reader's language. */
  private async tell(userId: number, notification: NotificationRequest) {
    await this.rpc
      .call(identityRpc.notify, { userIds: [userId], notification })
      .catch((error: unknown) =>
        this.logger.warn(`notification to ${userId} not delivered: ${String(error)}`),
      );
  }
}
