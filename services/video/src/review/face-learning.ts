import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  type FaceEnrolmentJob,
  FACE_REFERENCE_LIMIT,
  type IdentifiedOperator,
  identityRpc,
  integrationRpc,
  type SpacedEmbedding,
} from '@hub/proto';
import { addFairly, RpcClient } from '@hub/kit';
import { ENROLMENT_QUEUE, RPC } from '../config.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { FaceReferencesRepository } from '../faces/face-references.repository.js';

/** Moments of a face worth looking at again: the middle of each of its first appearances. */
export function momentsOf(face: Pick<IdentifiedOperator, 'appearances'>): number[] {
  return face.appearances.slice(0, 3).map((range) => (range.start + range.end) / 2);
}

export interface ConfirmedFace {
  organizationId: number;
  videoId: number;
  videoKey: string;
  face: IdentifiedOperator;
  matchThreshold: number;
  confirmedBy: number;
}

/** A named face's kept embedding, to learn as the person's face of that video. */
export interface LearnableFace extends SpacedEmbedding {
  videoId: number;
  userId: number;
  model: string;
}

/**
 * When the organization allows it (Camera Privacy: learn from confirmed identifications), a face
 * a supervisor confirmed becomes one more enrolment of the person: the worker finds it again in
 * the video, the closest face to the person's enrolments at the moments they were seen.
 */
@Injectable()
export class FaceLearning {
  private readonly logger = new Logger('FaceLearning');

  constructor(
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(FaceEnrolmentsRepository) private readonly enrolments: FaceEnrolmentsRepository,
    @Inject(FaceReferencesRepository) private readonly references: FaceReferencesRepository,
    @Inject(ENROLMENT_QUEUE) private readonly queue: Queue<FaceEnrolmentJob>,
  ) {}

  /**
   * Named faces the worker kept (an unknown person's) are already embedded: when the organization
   * allows learning, each becomes an enrolment of the person at once (one a video), so the
   * cameras' snapshots and later analyses know them. Asked once for all of a naming's faces.
   * Never fails the naming.
   */
  async learnNamed(organizationId: number, faces: readonly LearnableFace[]): Promise<void> {
    if (faces.length === 0) return;
    try {
      const { learnFromConfirmed } = await this.rpc.call(integrationRpc.faceLearning, {
        organizationId,
      });
      if (!learnFromConfirmed) return;
      let learned = 0;
      for (const named of faces) {
        // A person keeps so many learned faces: the rest of a long naming would add none.
        if (learned === FACE_REFERENCE_LIMIT) return;
        const added = await this.references.addLearnedEmbedding(
          organizationId,
          named.userId,
          named.videoId,
          named,
          FACE_REFERENCE_LIMIT,
        );
        if (added) learned += 1;
      }
    } catch (error) {
      this.logger.warn(`named faces not learned: ${String(error)}`);
    }
  }

  /** Never fails the review that asked: learning is a bonus, told in the log when it fails. */
  async learn(confirmed: ConfirmedFace): Promise<void> {
    try {
      await this.tryLearning(confirmed);
    } catch (error) {
      this.logger.warn(`face of video ${confirmed.videoId} not learned: ${String(error)}`);
    }
  }

  private async tryLearning(confirmed: ConfirmedFace): Promise<void> {
    const { organizationId, videoId, videoKey, face } = confirmed;
    const { learnFromConfirmed } = await this.rpc.call(integrationRpc.faceLearning, {
      organizationId,
    });
    if (!learnFromConfirmed) return;
    const [matchWith, learnable] = await Promise.all([
      this.enrolments.enrolledOf(organizationId, face.userId),
      this.learnable(organizationId, face.userId),
    ]);
    if (matchWith.length === 0 || !learnable) return;
    const added = await this.references.addLearned(
      organizationId,
      face.userId,
      videoId,
      videoKey,
      FACE_REFERENCE_LIMIT,
    );
    if (added === null) return;
    await addFairly(this.queue, 'enrol', {
      enrolmentId: added,
      userId: face.userId,
      organizationId,
      pictureKey: videoKey,
      changedBy: confirmed.confirmedBy,
      purpose: 'learned',
      atSeconds: momentsOf(face),
      matchWith: matchWith.slice(0, 20),
      maxDistance: confirmed.matchThreshold,
    });
  }

  /**
   * Whether the person is still a member of the organization and not suspended. A confirmation
   * of someone suspended stands (they were there), but nothing is learned of them meanwhile, as
   * nothing is of someone deleted: nobody is named while suspended, and no face data is added.
   */
  private async learnable(organizationId: number, userId: number): Promise<boolean> {
    const [member] = await this.rpc.call(identityRpc.membersByIds, {
      organizationId,
      userIds: [userId],
    });
    return member !== undefined && !member.suspended;
  }
}
