import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SpacedEmbedding } from '@hub/proto';

export interface FaceReferenceRow {
  id: number;
  user_id: number;
  organization_id: number;
  picture_key: string;
  model: string;
  rejection: string | null;
  enrolled_at: Date;
}

const COLUMNS = `id, user_id, organization_id, picture_key, model, rejection, enrolled_at`;

/**
 * Whether the stored report still says the person is in the video by a supervisor's word
 * (confirmed, or named), the video's row locked until the learned face is inserted: a rejection
 * (which locks the row, then forgets the faces learned from it) either committed before, and
 * nothing is learned, or waits for this insert and forgets it.
 */
async function stillVouchedFor(
  tx: EntityManager,
  where: { organizationId: number; userId: number; videoId: number },
): Promise<boolean> {
  const rows = (await tx.query(
    `SELECT id FROM videos
      WHERE id = $1 AND organization_id = $2
        AND jsonb_path_exists(report, '$.identifiedOperators[*] ? (@.userId == $user &&
              (@.review.decision == "confirmed" || @.review.decision == "named"))',
              jsonb_build_object('user', $3::int))
      FOR SHARE`,
    [where.videoId, where.organizationId, where.userId],
  )) as { id: number }[];
  return rows.length > 0;
}

/** Reference photos: face_enrolments rows of source 'reference', always within one organization. */
@Injectable()
export class FaceReferencesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async ofUser(organizationId: number, userId: number): Promise<FaceReferenceRow[]> {
    return (await this.db.query(
      `SELECT ${COLUMNS} FROM face_enrolments
        WHERE organization_id = $1 AND user_id = $2 AND source = 'reference' ORDER BY id`,
      [organizationId, userId],
    )) as FaceReferenceRow[];
  }

  async find(organizationId: number, referenceId: number): Promise<FaceReferenceRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT ${COLUMNS} FROM face_enrolments
        WHERE organization_id = $1 AND id = $2 AND source = 'reference'`,
      [organizationId, referenceId],
    )) as FaceReferenceRow[];
    return row;
  }

  /**
   * A new reference awaiting its check, unless the person already has `limit` (refused ones
   * aside): the person's lock makes two uploads at once count one after the other.
   */
  async addPending(
    organizationId: number,
    userId: number,
    pictureKey: string,
    limit: number,
  ): Promise<FaceReferenceRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('face-references'), $1)`, [userId]);
      const rows = (await tx.query(
        `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model, source)
         SELECT $2, $1, $3, '[]', 'pending', 'reference'
          WHERE (SELECT count(*) FROM face_enrolments
                  WHERE user_id = $2 AND source = 'reference' AND model <> 'rejected') < $4
         RETURNING ${COLUMNS}`,
        [organizationId, userId, pictureKey, limit],
      )) as FaceReferenceRow[];
      return rows[0];
    });
  }

  /**
   * A face to learn from a video, awaiting the worker, unless this person already has one of
   * this video or `limit` learned ones, or the video's report no longer vouches for them (null
   * then): its row's id, which names its enrolment job.
   */
  async addLearned(
    organizationId: number,
    userId: number,
    videoId: number,
    videoKey: string,
    limit: number,
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('face-references'), $1)`, [userId]);
      if (!(await stillVouchedFor(tx, { organizationId, userId, videoId }))) return null;
      const rows = (await tx.query(
        `INSERT INTO face_enrolments
           (user_id, organization_id, picture_key, embedding, model, source, video_id)
         SELECT $2, $1, $4, '[]', 'pending', 'learned', $3
          WHERE (SELECT count(*) FROM face_enrolments WHERE user_id = $2 AND source = 'learned') < $5
         ON CONFLICT (user_id, video_id) WHERE source = 'learned' DO NOTHING
         RETURNING id`,
        [organizationId, userId, videoId, videoKey, limit],
      )) as { id: number }[];
      return rows[0]?.id ?? null;
    });
  }

  /**
   * A face already embedded (an unknown face a supervisor named) kept as a learned enrolment of
   * the person at once, on the same terms as one learned from a video: one a video, `limit` in
   * all, while the report still vouches for them.
   */
  async addLearnedEmbedding(
    organizationId: number,
    userId: number,
    videoId: number,
    face: SpacedEmbedding & { model: string },
    limit: number,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('face-references'), $1)`, [userId]);
      if (!(await stillVouchedFor(tx, { organizationId, userId, videoId }))) return false;
      const rows = (await tx.query(
        `INSERT INTO face_enrolments
           (user_id, organization_id, picture_key, embedding, embedding_space, model, source,
            video_id)
         SELECT $2, $1, $7, $4, $8, $5, 'learned', $3
          WHERE (SELECT count(*) FROM face_enrolments WHERE user_id = $2 AND source = 'learned') < $6
         ON CONFLICT (user_id, video_id) WHERE source = 'learned' DO NOTHING
         RETURNING id`,
        [
          organizationId,
          userId,
          videoId,
          JSON.stringify(face.embedding),
          face.model,
          limit,
          // No file: the face came from the video, by the worker, when it was analysed.
          `unknown-face/video-${videoId}`,
          face.space,
        ],
      )) as { id: number }[];
      return rows.length > 0;
    });
  }

  /**
   * The storage keys of these people's reference photos in the organization, whatever their check
   * said (a pending photo's file is stored already). Learned faces are left out: their key is the
   * video's they were learned from (or no file), which is not the person's.
   */
  async pictureKeysOf(organizationId: number, userIds: readonly number[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT DISTINCT picture_key FROM face_enrolments
        WHERE organization_id = $1 AND user_id = ANY($2::int[]) AND source = 'reference'`,
      [organizationId, userIds],
    )) as { picture_key: string }[];
    return rows.map((row) => row.picture_key);
  }

  /** Removes a reference (of the organization); its key, for its file to go too. */
  async delete(organizationId: number, referenceId: number): Promise<string | undefined> {
    const [rows] = (await this.db.query(
      `DELETE FROM face_enrolments WHERE organization_id = $1 AND id = $2 AND source = 'reference'
       RETURNING picture_key`,
      [organizationId, referenceId],
    )) as [{ picture_key: string }[], number];
    return rows[0]?.picture_key;
  }
}
