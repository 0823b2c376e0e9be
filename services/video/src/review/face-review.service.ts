import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type AnalysisReport,
  identityRpc,
  type ReviewFaceRequest,
  type VideoWithReport,
} from '@hub/proto';
import { RpcClient, RpcFailure } from '@hub/kit';
import { RPC } from '../config.js';
import { toVideoWithReport } from '../videos/video-rows.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { VIDEO_NOT_FOUND } from '../videos/videos.service.js';
import {
  applyReview,
  type Person,
  ReportNotCurrent,
  ReviewRefusal,
  SeenTogether,
} from './apply-review.js';
import { FaceLearning, type LearnableFace } from './face-learning.js';
import {
  FaceReviewRepository,
  type FollowUp,
  type NamedFace,
  type ReportOf,
  type ReviewRecord,
} from './face-review.repository.js';
import { groupRejected } from '../unknown-people/group-faces.js';
import { UnknownPeopleRepository } from '../unknown-people/unknown-people.repository.js';

/**
 * How many videos' faces a naming names in one transaction: their rows stay locked meanwhile
 * (a review of one of them waits), a few hundred milliseconds.
 */
const VIDEOS_A_TRANSACTION = 100;

/** One learned face a person and video: the first kept face of each will do. */
function learnable(named: readonly NamedFace[], userId: number): LearnableFace[] {
  const byVideo = new Map<number, LearnableFace>();
  for (const { videoId, learnable: face } of named) {
    if (face && !byVideo.has(videoId)) byVideo.set(videoId, { videoId, userId, ...face });
  }
  return [...byVideo.values()];
}

export const NO_REPORT = 'This video has no analysis report to review.';
export const NOT_A_MEMBER = 'Choose a member of your organization.';

/**
 * A supervisor's corrections of a report's faces. The report itself changes (and its figures),
 * so whatever reads identifications from it (a member's videos on the Team page, the
 * recommendations on unidentified people) follows at once; each review is kept with who and when.
 */
@Injectable()
export class FaceReviewService {
  constructor(
    @Inject(FaceReviewRepository) private readonly reviews: FaceReviewRepository,
    @Inject(VideosRepository) private readonly videos: VideosRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(FaceLearning) private readonly learning: FaceLearning,
    @Inject(UnknownPeopleRepository) private readonly unknownPeople: UnknownPeopleRepository,
  ) {}

  async review(
    actor: Actor,
    videoId: number,
    faceId: string,
    review: ReviewFaceRequest,
  ): Promise<VideoWithReport> {
    if (!(await this.videos.findInOrganization(actor.organizationId, videoId))) {
      throw RpcFailure.notFound(VIDEO_NOT_FOUND);
    }
    const people = await this.people(actor, review);
    const reviewer = people.get(actor.userId) ?? { id: actor.userId, name: 'A supervisor' };
    const named = review.decision === 'name' ? people.get(review.userId) : undefined;
    if (review.decision === 'name' && !named) throw RpcFailure.validation(NOT_A_MEMBER, 'userId');
    const at = new Date().toISOString();
    let applied: boolean;
    try {
      const of = { analyzedAt: review.analyzedAt };
      applied = await this.apply(actor, videoId, faceId, review, { reviewer, named, at }, of);
    } catch (error) {
      // The page shows a report that is not the current one: nothing is reviewed, it reloads.
      if (error instanceof ReportNotCurrent) throw new RpcFailure('conflict', error.message);
      // The face is someone beside the member in the video: the report stays as it is.
      if (error instanceof SeenTogether) throw new RpcFailure('conflict', error.message);
      if (error instanceof ReviewRefusal) throw RpcFailure.validation(error.message, 'faceId');
      throw error;
    }
    if (!applied) throw RpcFailure.validation(NO_REPORT);
    const row = (await this.videos.findInOrganization(actor.organizationId, videoId))!;
    const video = toVideoWithReport(row);
    if (review.decision === 'confirm' && video.report) {
      const face = video.report.identifiedOperators.find((other) => other.faceId === faceId);
      if (face) {
        await this.learning.learn({
          organizationId: actor.organizationId,
          videoId,
          videoKey: row.storage_key,
          face,
          matchThreshold: video.report.matchThreshold,
          confirmedBy: actor.userId,
        });
      }
    }
    return video;
  }

  /**
   * One review applied to its report, with its audit row. False when the video has no report; a
   * ReviewRefusal when the review does not fit the face or the report is not current (see
   * FaceReviewRepository.revise).
   */
  private async apply(
    actor: Actor,
    videoId: number,
    faceId: string,
    review: ReviewFaceRequest,
    by: { reviewer: Person; named?: Person; at: string },
    of: ReportOf = {},
  ): Promise<boolean> {
    const { reviewer, named, at } = by;
    const revised = await this.reviews.revise(
      actor.organizationId,
      videoId,
      (report) => applyReview(report, { faceId, review, reviewer, named, at }),
      this.record(actor, faceId, review.decision, by),
      review.decision === 'reject' ? this.groupRejected(actor, videoId) : undefined,
      of,
    );
    if (revised?.namedUnknownFace && named) {
      await this.learning.learnNamed(actor.organizationId, [
        { videoId, userId: named.id, ...revised.namedUnknownFace },
      ]);
    }
    return revised !== null;
  }

  /**
   * Names faces of videos as the member, with an audit row each, as reviews of single faces
   * would: those an unknown person is named with. A hundred videos a transaction: one a face
   * (or a video) took 8 to 14 s for 2,000 faces in a test, a person seen for months has more, and
   * the gateway waits 60 s. A video whose report is not run `run`'s any more, or cannot take
   * reviews now, keeps its faces: their ids would name other faces of the new report. The faces
   * named, as `video:face` keys.
   */
  async nameFaces(
    actor: Actor,
    videos: readonly { videoId: number; run: number; faceIds: readonly string[] }[],
    by: { reviewer: Person; named: Person; at: string },
  ): Promise<Set<string>> {
    const review = { decision: 'name', userId: by.named.id } as const;
    const reviews = videos.map(({ videoId, run, faceIds }) => ({
      videoId,
      of: { run },
      faces: faceIds.map((faceId) => ({
        record: this.record(actor, faceId, review.decision, by),
        revise: (report: AnalysisReport) => applyReview(report, { faceId, review, ...by }),
      })),
    }));
    const named: NamedFace[] = [];
    for (let at = 0; at < reviews.length; at += VIDEOS_A_TRANSACTION) {
      const batch = reviews.slice(at, at + VIDEOS_A_TRANSACTION);
      named.push(...(await this.reviews.nameFaces(actor.organizationId, batch)));
    }
    await this.learning.learnNamed(actor.organizationId, learnable(named, by.named.id));
    return new Set(named.map((face) => `${face.videoId}:${face.faceId}`));
  }

  private record(
    actor: Actor,
    faceId: string,
    decision: ReviewFaceRequest['decision'],
    by: { reviewer: Person; at: string },
  ): ReviewRecord {
    return {
      faceId,
      decision,
      reviewedBy: actor.userId,
      reviewerName: by.reviewer.name,
      reviewedAt: by.at,
    };
  }

  /**
   * A face that is not the member it was identified as is unknown: it joins the organization's
   * unknown people by the rule a run's unknown faces follow, and its report entry says which; so
   * does each face named into its entry, back with the unknown person it was named from.
   */
  private groupRejected(actor: Actor, videoId: number): FollowUp {
    return (tx, reviewed) =>
      groupRejected(
        this.unknownPeople,
        tx,
        { organizationId: actor.organizationId, videoId, faceIds: reviewed.unknownFaceIds },
        reviewed.report,
      );
  }

  /**
   * The reviewer and the member named, of the actor's organization only, and not suspended: as a
   * new analysis names nobody suspended, neither does a review, and naming them is refused as
   * naming someone deleted is (NOT_A_MEMBER), until they are no longer suspended.
   */
  async members(actor: Actor, userIds: number[]): Promise<Map<number, Person>> {
    const members = await this.rpc.call(identityRpc.membersByIds, {
      organizationId: actor.organizationId,
      userIds: [...new Set(userIds)],
    });
    return new Map(
      members.flatMap((member) =>
        member.suspended ? [] : [[member.id, { id: member.id, name: member.name }] as const],
      ),
    );
  }

  private async people(actor: Actor, review: ReviewFaceRequest): Promise<Map<number, Person>> {
    return this.members(actor, [
      actor.userId,
      ...(review.decision === 'name' ? [review.userId] : []),
    ]);
  }
}
