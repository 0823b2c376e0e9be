import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface EnrolledFaceRow {
  user_id: number;
  embedding: number[];
}

/** Face embeddings of profile pictures, one per user; 'pending' until the worker enrolled it. */
@Injectable()
export class FaceEnrolmentsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** How many of the organization's pictures set within the last `minutes` await enrolment. */
  async pendingCount(organizationId: number, minutes: number): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS pending FROM face_enrolments
        WHERE organization_id = $1 AND model = 'pending'
          AND enrolled_at > now() - make_interval(mins => $2)`,
      [organizationId, minutes],
    )) as { pending: number }[];
    return row?.pending ?? 0;
  }

  /** The organization's enrolled faces (none of another organization). */
  async enrolled(organizationId: number): Promise<EnrolledFaceRow[]> {
    return (await this.db.query(
      `SELECT user_id, embedding FROM face_enrolments WHERE organization_id = $1 AND model <> 'pending'`,
      [organizationId],
    )) as EnrolledFaceRow[];
  }

  /** The organization's users whose picture awaits its enrolment. */
  async pendingUsers(organizationId: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT user_id FROM face_enrolments WHERE organization_id = $1 AND model = 'pending'`,
      [organizationId],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** A new picture awaits its enrolment; the previous embedding is dropped at once. */
  async awaitEnrolment(userId: number, organizationId: number, pictureKey: string): Promise<void> {
    await this.db.query(
      `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model)
       VALUES ($1, $2, $3, '[]', 'pending')
       ON CONFLICT (user_id) DO UPDATE SET organization_id = EXCLUDED.organization_id, picture_key = EXCLUDED.picture_key,
         embedding = '[]', model = 'pending', enrolled_at = now()`,
      [userId, organizationId, pictureKey],
    );
  }

  /** The embedding of this picture, if it is still the user's; the organization it is in. */
  async recordEmbedding(
    userId: number,
    pictureKey: string,
    embedding: number[],
    model: string,
  ): Promise<number | undefined> {
    const [rows] = (await this.db.query(
      `UPDATE face_enrolments SET embedding = $3, model = $4, enrolled_at = now()
        WHERE user_id = $1 AND picture_key = $2 RETURNING organization_id`,
      [userId, pictureKey, JSON.stringify(embedding), model],
    )) as [{ organization_id: number }[], number];
    return rows[0]?.organization_id;
  }

  /** A picture the worker could not use is not enrolled; the organization it was in. */
  async reject(userId: number, pictureKey: string): Promise<number | undefined> {
    const [rows] = (await this.db.query(
      `DELETE FROM face_enrolments WHERE user_id = $1 AND picture_key = $2 RETURNING organization_id`,
      [userId, pictureKey],
    )) as [{ organization_id: number }[], number];
    return rows[0]?.organization_id;
  }

  async deleteOfUser(userId: number): Promise<void> {
    await this.db.query(`DELETE FROM face_enrolments WHERE user_id = $1`, [userId]);
  }
}
