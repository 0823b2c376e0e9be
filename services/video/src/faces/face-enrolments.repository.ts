import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SpacedEmbedding } from '@hub/proto';

export interface EnrolledFaceRow {
  user_id: number;
  embedding: number[];
  embedding_space: string;
}

/** A profile picture or reference photo whose embedding is of another space than the worker's. */
export interface EnrolmentOutsideSpace {
  userId: number;
  organizationId: number;
  pictureKey: string;
  source: 'profile' | 'reference';
}

/** What became of a picture the worker refused. */
export interface RefusedPicture {
  organizationId: number;
  source: 'profile' | 'reference' | 'learned';
}

/**
 * Face embeddings of profile pictures (one per user) and reference photos (several per user);
 * 'pending' until the worker enrolled it, 'rejected' (a reference, kept only for its reason).
 * Only embeddings with a space are read for matching: one without (stored before spaces, of a
 * model whose space could not be told) is never compared.
 */
@Injectable()
export class FaceEnrolmentsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The organization's people with a picture set within the last `minutes` awaiting enrolment. */
  async pendingUsersWithin(organizationId: number, minutes: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM face_enrolments
        WHERE organization_id = $1 AND model = 'pending'
          AND enrolled_at > now() - make_interval(mins => $2)`,
      [organizationId, minutes],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** One person's enrolled faces with their spaces, latest first, to find them in a video. */
  async enrolledOf(organizationId: number, userId: number): Promise<SpacedEmbedding[]> {
    const rows = (await this.db.query(
      `SELECT embedding, embedding_space FROM face_enrolments
        WHERE organization_id = $1 AND user_id = $2 AND model NOT IN ('pending', 'rejected')
          AND embedding_space IS NOT NULL
        ORDER BY enrolled_at DESC, id DESC`,
      [organizationId, userId],
    )) as { embedding: number[]; embedding_space: string }[];
    return rows.map((row) => ({ embedding: row.embedding, space: row.embedding_space }));
  }

  /** The organization's enrolled faces (none of another organization), with their spaces. */
  async enrolled(organizationId: number): Promise<EnrolledFaceRow[]> {
    return (await this.db.query(
      `SELECT user_id, embedding, embedding_space FROM face_enrolments
        WHERE organization_id = $1 AND model NOT IN ('pending', 'rejected')
          AND embedding_space IS NOT NULL`,
      [organizationId],
    )) as EnrolledFaceRow[];
  }

  /**
   * Every organization's enrolled pictures embedded in a space other than this one (or in none
   * known): their files are kept, so they can be enrolled again.
   */
  async picturesOutside(space: string): Promise<EnrolmentOutsideSpace[]> {
    const rows = (await this.db.query(
      `SELECT user_id, organization_id, picture_key, source FROM face_enrolments
        WHERE source IN ('profile', 'reference') AND model NOT IN ('pending', 'rejected')
          AND embedding_space IS DISTINCT FROM $1
        ORDER BY organization_id, id`,
      [space],
    )) as { user_id: number; organization_id: number; picture_key: string; source: string }[];
    return rows.map((row) => ({
      userId: row.user_id,
      organizationId: row.organization_id,
      pictureKey: row.picture_key,
      source: row.source as EnrolmentOutsideSpace['source'],
    }));
  }

  /**
   * Faces learned from videos in a space other than this one go: what they were learned from
   * (a confirmed face at a moment of a video) is not kept, so they cannot be embedded again, and
   * a face that can never match again is face data kept for nothing. How many went.
   */
  async deleteLearnedOutside(space: string): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM face_enrolments
        WHERE source = 'learned' AND model NOT IN ('pending', 'rejected')
          AND embedding_space IS DISTINCT FROM $1`,
      [space],
    )) as [unknown, number];
    return count;
  }

  /** The organization's users whose picture awaits its enrolment. */
  async pendingUsers(organizationId: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM face_enrolments WHERE organization_id = $1 AND model = 'pending'`,
      [organizationId],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /**
   * A new picture awaits its enrolment; the previous embedding is dropped at once. The same
   * picture again (its event delivered twice) changes nothing: its face, once enrolled, stays.
   */
  async awaitEnrolment(userId: number, organizationId: number, pictureKey: string): Promise<void> {
    await this.db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model)
       VALUES ($1, $2, $3, '[]', 'pending')
       ON CONFLICT (user_id) WHERE source = 'profile' DO UPDATE SET organization_id = EXCLUDED.organization_id, picture_key = EXCLUDED.picture_key,
         embedding = '[]', embedding_space = NULL, model = 'pending', enrolled_at = now()
       WHERE face_enrolments.picture_key <> EXCLUDED.picture_key`,
      [userId, organizationId, pictureKey],
    );
  }

  /** The embedding of this picture, if it is still the user's; the organization it is in. */
  async recordEmbedding(
    userId: number,
    pictureKey: string,
    face: SpacedEmbedding & { model: string },
  ): Promise<number | undefined> {
    const [rows] = (await this.db.query(
      `UPDATE face_enrolments
          SET embedding = $3, embedding_space = $4, model = $5, enrolled_at = now()
        WHERE user_id = $1 AND picture_key = $2 RETURNING organization_id`,
      [userId, pictureKey, JSON.stringify(face.embedding), face.space, face.model],
    )) as [{ organization_id: number }[], number];
    return rows[0]?.organization_id;
  }

  /**
   * A picture the worker could not use is not enrolled: a profile picture's row goes, a
   * reference's keeps the reason alone (its file goes too) for the upload that waits for it; a
   * face not found again in its video is simply not learned.
   */
  async reject(
    userId: number,
    pictureKey: string,
    reason: string,
  ): Promise<RefusedPicture | undefined> {
    // A SELECT at the top: TypeORM answers its rows alone (no [rows, count] pair).
    const rows = (await this.db.query(
      `WITH profile AS (
         DELETE FROM face_enrolments WHERE user_id = $1 AND picture_key = $2 AND source = 'profile'
         RETURNING organization_id, source),
       reference AS (
         UPDATE face_enrolments
            SET model = 'rejected', embedding = '[]', embedding_space = NULL, rejection = $3
          WHERE user_id = $1 AND picture_key = $2 AND source = 'reference'
         RETURNING organization_id, source),
       learned AS (
         DELETE FROM face_enrolments WHERE user_id = $1 AND picture_key = $2 AND source = 'learned'
         RETURNING organization_id, source)
       SELECT * FROM profile UNION ALL SELECT * FROM reference UNION ALL SELECT * FROM learned`,
      [userId, pictureKey, reason],
    )) as { organization_id: number; source: RefusedPicture['source'] }[];
    const row = rows[0];
    return row && { organizationId: row.organization_id, source: row.source };
  }

  /** Every face of the user goes; the keys of their reference photos, whose files go too. */
  async deleteOfUser(userId: number): Promise<string[]> {
    const [rows] = (await this.db.query(
      `DELETE FROM face_enrolments WHERE user_id = $1 RETURNING source, picture_key`,
      [userId],
    )) as [{ source: string; picture_key: string }[], number];
    return rows.filter((row) => row.source === 'reference').map((row) => row.picture_key);
  }
}
