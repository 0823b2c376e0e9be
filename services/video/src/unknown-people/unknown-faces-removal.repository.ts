import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { lockGrouping } from './unknown-people.repository.js';

/**
 * Unknown faces as they go: with the person named in them, with the organization, and past the
 * privacy card's retention (the reports' labels of those faces with them).
 */
@Injectable()
export class UnknownFacesRemovalRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * A named person's faces go with them: those of people named as them, single faces named as
   * them, and faces an analysis identified as them; the crops' keys, for their files to go too.
   */
  async deleteOfUser(userId: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const [faces] = (await tx.query(
        `DELETE FROM unknown_faces
          WHERE named_user_id = $1 OR identified_user_id = $1
             OR person_id IN (SELECT id FROM unknown_people WHERE named_user_id = $1)
          RETURNING thumbnail_key`,
        [userId],
      )) as [{ thumbnail_key: string | null }[], number];
      await tx.query(`DELETE FROM unknown_people WHERE named_user_id = $1`, [userId]);
      return faces.flatMap((row) => row.thumbnail_key ?? []);
    });
  }

  async deleteOfOrganization(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM unknown_faces WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM unknown_people WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM unknown_people_numbers WHERE organization_id = $1`, [
        organizationId,
      ]);
    });
  }

  /** Organizations that hold faces of people nobody named: the retention sweep's work. */
  async organizationsWithUnnamed(): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT organization_id FROM unknown_faces WHERE named_user_id IS NULL`,
    )) as { organization_id: number }[];
    return rows.map((row) => row.organization_id);
  }

  /**
   * Faces nobody named, kept longer than the organization's retention; their crops' keys. The
   * reports stop labelling those faces with their unknown person, and people left with no face
   * go, at once and under the grouping lock: no run joins a face to a person going.
   */
  async deleteUnnamedOlderThan(
    organizationId: number,
    days: number,
  ): Promise<{ deleted: number; keys: string[] }> {
    return this.db.transaction(async (tx) => {
      await lockGrouping(tx, organizationId);
      const [rows] = (await tx.query(
        `DELETE FROM unknown_faces
          WHERE organization_id = $1 AND named_user_id IS NULL
            AND created_at < now() - make_interval(days => $2)
          RETURNING video_id, face_id, thumbnail_key`,
        [organizationId, days],
      )) as [{ video_id: number; face_id: string; thumbnail_key: string | null }[], number];
      await this.unlabel(tx, organizationId, rows);
      await tx.query(
        `DELETE FROM unknown_people p
          WHERE p.organization_id = $1 AND p.named_user_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM unknown_faces f WHERE f.person_id = p.id)`,
        [organizationId],
      );
      return { deleted: rows.length, keys: rows.flatMap((row) => row.thumbnail_key ?? []) };
    });
  }

  /** The reports' unidentified faces among these lose their unknown person's label. */
  private async unlabel(
    tx: EntityManager,
    organizationId: number,
    faces: readonly { video_id: number; face_id: string }[],
  ): Promise<void> {
    const byVideo = new Map<number, string[]>();
    for (const face of faces) {
      byVideo.set(face.video_id, [...(byVideo.get(face.video_id) ?? []), face.face_id]);
    }
    for (const [videoId, faceIds] of byVideo) {
      await tx.query(
        `UPDATE videos v SET report = jsonb_set(v.report, '{unidentifiedPeople}', (
           SELECT coalesce(jsonb_agg(
                    CASE WHEN e->>'faceId' = ANY($3::text[]) THEN e - 'unknownPerson' ELSE e END
                    ORDER BY i), '[]'::jsonb)
             FROM jsonb_array_elements(v.report->'unidentifiedPeople') WITH ORDINALITY AS t(e, i)))
          WHERE v.id = $1 AND v.organization_id = $2
            AND jsonb_typeof(v.report->'unidentifiedPeople') = 'array'`,
        [videoId, organizationId, faceIds],
      );
    }
  }
}
