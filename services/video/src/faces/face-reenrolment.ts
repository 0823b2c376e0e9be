import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { EmbeddingSpace, FaceEnrolmentJob } from '@hub/proto';
import { addFairly } from '@hub/kit';
import type { FaceEnrolmentsRepository } from './face-enrolments.repository.js';

/**
 * After an upgrade of the face model's embedder, every stored face is of the earlier space and
 * never matches the worker's again. When a worker tells its space on start, profile pictures and
 * reference photos of another space are enrolled again from their files (their earlier
 * embeddings serve nobody meanwhile), each organization's jobs taking their fair turn; faces
 * learned from videos of another space go, as nothing they came from is kept.
 */
export class FaceReenrolment {
  private readonly logger = new Logger('FaceReenrolment');

  constructor(
    private readonly enrolments: FaceEnrolmentsRepository,
    private readonly queue: Queue<FaceEnrolmentJob>,
  ) {}

  /** Idempotent: a picture already queued for this space is not queued twice (the job's id). */
  async into(space: EmbeddingSpace): Promise<{ queued: number; learnedDropped: number }> {
    const learnedDropped = await this.enrolments.deleteLearnedOutside(space);
    const pictures = await this.enrolments.picturesOutside(space);
    for (const picture of pictures) {
      await addFairly(this.queue, 'enrol', {
        userId: picture.userId,
        organizationId: picture.organizationId,
        pictureKey: picture.pictureKey,
        // Told if the new model finds no usable face: the person, whose picture it is.
        changedBy: picture.userId,
        purpose: picture.source,
        reenrolInto: space,
      });
    }
    if (pictures.length > 0 || learnedDropped > 0) {
      this.logger.log(
        `embedder ${space}: ${pictures.length} pictures to enrol again, ` +
          `${learnedDropped} learned faces of another space removed`,
      );
    }
    return { queued: pictures.length, learnedDropped };
  }
}
