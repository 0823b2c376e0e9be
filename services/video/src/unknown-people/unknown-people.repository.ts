import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UnknownFaceFound } from '@hub/proto';
import { decodeCursor } from '@hub/kit';
import type { KeptEmbedding, KnownGroup } from './grouping.js';

export interface UnknownPersonRow {
  id: number;
  number: number;
  videos: number;
  appearances: number;
  thumbnail_face_id: number | null;
  last_seen_at: Date;
}

export interface UnknownFaceRow {
  id: number;
  video_id: number;
  video_title: string;
  recorded_at: Date;
  face_id: string;
  /** The analysis run that kept the face: its face id is that run's. */
  run: number;
  appearances: { start: number; end: number }[];
  thumbnail_key: string | null;
}

/** A face kept by the worker, with the report's id for it and where it was seen. */
export interface NewUnknownFace extends UnknownFaceFound {
  faceId: string;
  appearances: { start: number; end: number }[];
}

/** A face an analysis identified, kept in case a supervisor rejects the match. */
export interface KeptIdentifiedFace extends NewUnknownFace {
  userId: number;
}

/** The faces a run keeps: unidentified ones are grouped, identified ones wait for a review. */
export interface KeptFaces {
  unknown: readonly NewUnknownFace[];
  identified: readonly KeptIdentifiedFace[];
}

/** Each grouped face's unknown person, by the report's face id. */
export type GroupedFaces = Map<string, { id: number; number: number }>;

/** Which unknown person each new face joined (an existing one, or a new one: null). */
export type Assign = (face: KeptEmbedding, groups: readonly KnownGroup[]) => number | null;

/** A known unknown person with their number, so that a face joining them needs no query. */
type NumberedGroup = KnownGroup & { number: number };

/** A face to insert, and where it belongs. */
interface FaceRow {
  where: {
    organizationId: number;
    videoId: number;
    run: number;
    personId?: number;
    identifiedUserId?: number;
  };
  face: NewUnknownFace;
}

const PERSON_SUMMARY = `
  SELECT p.id, p.number,
         count(DISTINCT f.video_id)::int AS videos,
         sum(jsonb_array_length(f.appearances))::int AS appearances,
         (array_agg(f.id ORDER BY f.id) FILTER (WHERE f.thumbnail_key IS NOT NULL))[1]
           AS thumbnail_face_id,
         max(v.recorded_at) AS last_seen_at, max(v.recorded_at)::text AS cursor_at
    FROM unknown_people p
    JOIN unknown_faces f ON f.person_id = p.id AND f.named_user_id IS NULL
    JOIN videos v ON v.id = f.video_id`;

/**
 * Grouping takes the organization's lock, so two groupings (runs completing, rejections) place
 * their faces one after the other and never both start a new person for one face.
 */
export async function lockGrouping(tx: EntityManager, organizationId: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('unknown-people'), $1)`, [organizationId]);
}

/**
 * Unknown people and their faces, always within one organization: nothing here reads or
 * compares another organization's faces.
 */
@Injectable()
export class UnknownPeopleRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Groups a run's unknown faces and completes the run with `complete` (which stores the report,
   * labelled with the people), in one transaction under the organization's lock: two analyses
   * finishing at once group one after the other, and nobody reads a completed report whose faces
   * are not grouped yet. The video's faces of an earlier run go (a person left with none goes
   * with the retention sweep). 'stale' when the run is not the video's running one (a newer run,
   * or the video gone); 'done' when it completed already (heard twice); otherwise the crops of
   * the faces replaced, for their files to go.
   */
  async completeRun<T>(
    videoId: number,
    run: number,
    faces: KeptFaces,
    assign: Assign,
    complete: (tx: EntityManager, people: GroupedFaces) => Promise<T>,
  ): Promise<'stale' | 'done' | { replacedKeys: string[]; completed: T }> {
    const [owner] = (await this.db.query(
      `SELECT organization_id, analysis_run, analysis_status FROM videos WHERE id = $1`,
      [videoId],
    )) as { organization_id: number; analysis_run: number; analysis_status: string }[];
    if (!owner || owner.analysis_run !== run) return 'stale';
    if (owner.analysis_status === 'completed') return 'done';
    const organizationId = owner.organization_id;
    return this.db.transaction(async (tx) => {
      await lockGrouping(tx, organizationId);
      const [running] = (await tx.query(
        `SELECT id FROM videos WHERE id = $1 AND analysis_run = $2
            AND analysis_status = 'processing' FOR UPDATE`,
        [videoId, run],
      )) as { id: number }[];
      if (!running) return 'stale' as const;
      // Read before the video's earlier faces go: analysed again, the video's unknown faces
      // find the people they were, under the same numbers, not new ones.
      const groups = await this.groupsOf(tx, organizationId);
      const [replaced] = (await tx.query(
        `DELETE FROM unknown_faces WHERE video_id = $1 RETURNING thumbnail_key`,
        [videoId],
      )) as [{ thumbnail_key: string | null }[], number];
      const people: GroupedFaces = new Map();
      const rows: FaceRow[] = [];
      for (const face of faces.unknown) {
        const person = await this.place(tx, organizationId, face, groups, assign);
        people.set(face.faceId, person);
        rows.push({ where: { organizationId, videoId, run, personId: person.id }, face });
      }
      for (const face of faces.identified) {
        const where = { organizationId, videoId, run, identifiedUserId: face.userId };
        rows.push({ where, face });
      }
      await this.insertFaces(tx, rows);
      const completed = await complete(tx, people);
      const kept = new Set(
        [...faces.unknown, ...faces.identified].map((face) => face.thumbnailKey),
      );
      return {
        completed,
        replacedKeys: replaced.flatMap((row) =>
          row.thumbnail_key && !kept.has(row.thumbnail_key) ? [row.thumbnail_key] : [],
        ),
      };
    });
  }

  /**
   * A face whose match a supervisor rejected is unknown now, in the rejection's transaction: a
   * face named from an unknown person is theirs again (see returnToPerson); any other kept face
   * joins the organization's unknown people by the same rule as a run's faces. Undefined when no
   * face was kept for it (an analysis before faces were kept, or a face past retention).
   */
  async groupRejected(
    tx: EntityManager,
    where: { organizationId: number; videoId: number; faceId: string },
    assign: Assign,
  ): Promise<{ id: number; number: number } | undefined> {
    const { organizationId, videoId, faceId } = where;
    await lockGrouping(tx, organizationId);
    const [face] = (await tx.query(
      `SELECT id, person_id, embedding, embedding_space AS space FROM unknown_faces
        WHERE organization_id = $1 AND video_id = $2 AND face_id = $3`,
      [organizationId, videoId, faceId],
    )) as (KeptEmbedding & { id: number; person_id: number | null })[];
    if (!face) return undefined;
    if (face.person_id !== null) return this.returnToPerson(tx, face.id, face.person_id);
    const groups = await this.groupsOf(tx, organizationId);
    const person = await this.place(tx, organizationId, face, groups, assign);
    await tx.query(
      `UPDATE unknown_faces SET person_id = $2, identified_user_id = NULL WHERE id = $1`,
      [face.id, person.id],
    );
    return person;
  }

  /**
   * A named face whose name was rejected is unknown again with the person it was named from,
   * listed for a supervisor to name rightly; that person is not named any more, whoever the rest
   * of their faces were named as, or the list and the grouping (which skip named people) would
   * never show it again.
   */
  private async returnToPerson(
    tx: EntityManager,
    keptFaceId: number,
    personId: number,
  ): Promise<{ id: number; number: number }> {
    await tx.query(`UPDATE unknown_faces SET named_user_id = NULL WHERE id = $1`, [keptFaceId]);
    const [person] = (await tx.query(
      `UPDATE unknown_people SET named_user_id = NULL, named_by = NULL, named_at = NULL
        WHERE id = $1 RETURNING id, number`,
      [personId],
    )) as [{ id: number; number: number }[], number];
    return person[0]!;
  }

  /**
   * The organization's unknown people not yet named, with the embeddings of their faces and their
   * spaces (nearestGroup compares only those of the new face's space).
   */
  private async groupsOf(tx: EntityManager, organizationId: number): Promise<NumberedGroup[]> {
    const rows = (await tx.query(
      `SELECT f.person_id, p.number, f.embedding, f.embedding_space AS space FROM unknown_faces f
         JOIN unknown_people p ON p.id = f.person_id
        WHERE f.organization_id = $1 AND p.organization_id = $1
          AND p.named_user_id IS NULL AND f.named_user_id IS NULL`,
      [organizationId],
    )) as (KeptEmbedding & { person_id: number; number: number })[];
    const groups = new Map<number, NumberedGroup>();
    for (const { person_id: personId, number, embedding, space } of rows) {
      const group = groups.get(personId) ?? { personId, number, faces: [] };
      group.faces.push({ embedding, space });
      groups.set(personId, group);
    }
    return [...groups.values()];
  }

  /** The person the face joins, or a new one with the organization's next number. */
  private async place(
    tx: EntityManager,
    organizationId: number,
    face: KeptEmbedding,
    groups: NumberedGroup[],
    assign: Assign,
  ): Promise<{ id: number; number: number }> {
    const kept = { embedding: face.embedding, space: face.space };
    const joined = assign(kept, groups);
    if (joined !== null) {
      // Its number was read with the group: no query a face.
      const group = groups.find((known) => known.personId === joined)!;
      group.faces.push(kept);
      return { id: group.personId, number: group.number };
    }
    const [row] = (await tx.query(
      `WITH next AS (
         INSERT INTO unknown_people_numbers (organization_id, last_number) VALUES ($1, 1)
         ON CONFLICT (organization_id)
           DO UPDATE SET last_number = unknown_people_numbers.last_number + 1
         RETURNING last_number)
       INSERT INTO unknown_people (organization_id, number)
       SELECT $1, last_number FROM next RETURNING id, number`,
      [organizationId],
    )) as { id: number; number: number }[];
    groups.push({ personId: row!.id, number: row!.number, faces: [kept] });
    return row!;
  }

  /**
   * The run's faces, each in its unknown person or (identified) in none until a review rejects
   * its match, in one statement: a video may keep hundreds, and one INSERT a face made as many
   * round trips inside the completing transaction.
   */
  private async insertFaces(tx: EntityManager, rows: readonly FaceRow[]): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map(({ where, face }) => ({
      organization_id: where.organizationId,
      person_id: where.personId ?? null,
      video_id: where.videoId,
      run: where.run,
      face_id: face.faceId,
      embedding: face.embedding,
      embedding_space: face.space,
      model: face.model,
      thumbnail_key: face.thumbnailKey,
      appearances: face.appearances,
      identified_user_id: where.identifiedUserId ?? null,
    }));
    await tx.query(
      `INSERT INTO unknown_faces
         (organization_id, person_id, video_id, run, face_id, embedding, embedding_space, model,
          thumbnail_key, appearances, identified_user_id)
       SELECT organization_id, person_id, video_id, run, face_id, embedding, embedding_space,
              model, thumbnail_key, appearances, identified_user_id
         FROM jsonb_to_recordset($1::jsonb) AS f(organization_id int, person_id int,
              video_id int, run int, face_id text, embedding jsonb, embedding_space text,
              model text, thumbnail_key text, appearances jsonb, identified_user_id int)`,
      [JSON.stringify(records)],
    );
  }

  /**
   * The organization's unknown people with faces not yet named, latest seen first (then the
   * higher number): the count of all, and `limit + 1` people after the cursor.
   */
  async page(
    organizationId: number,
    limit: number,
    cursor?: string,
  ): Promise<{ total: number; rows: (UnknownPersonRow & { cursor_at: string })[] }> {
    const [{ total }] = (await this.db.query(
      `SELECT count(DISTINCT p.id)::int AS total FROM unknown_people p
         JOIN unknown_faces f ON f.person_id = p.id AND f.named_user_id IS NULL
        WHERE p.organization_id = $1 AND p.named_user_id IS NULL`,
      [organizationId],
    )) as [{ total: number }];
    const params: unknown[] = [organizationId, limit + 1];
    let after = '';
    const key = decodeCursor(cursor, ['time', 'id']);
    if (key) {
      params.push(key[0], key[1]);
      after = `HAVING (max(v.recorded_at), p.number) < ($3::timestamptz, $4::int)`;
    }
    const rows = (await this.db.query(
      `${PERSON_SUMMARY}
        WHERE p.organization_id = $1 AND p.named_user_id IS NULL
        GROUP BY p.id ${after}
        ORDER BY last_seen_at DESC, p.number DESC LIMIT $2`,
      params,
    )) as (UnknownPersonRow & { cursor_at: string })[];
    return { total, rows };
  }

  async find(organizationId: number, personId: number): Promise<UnknownPersonRow | undefined> {
    const [row] = (await this.db.query(
      `${PERSON_SUMMARY}
        WHERE p.organization_id = $1 AND p.id = $2 AND p.named_user_id IS NULL
        GROUP BY p.id`,
      [organizationId, personId],
    )) as UnknownPersonRow[];
    return row;
  }

  /** The person's faces not yet named, by video, latest recorded first. */
  async faces(organizationId: number, personId: number): Promise<UnknownFaceRow[]> {
    return (await this.db.query(
      `SELECT f.id, f.video_id, v.title AS video_title, v.recorded_at, f.face_id, f.run,
              f.appearances, f.thumbnail_key
         FROM unknown_faces f JOIN videos v ON v.id = f.video_id
        WHERE f.organization_id = $1 AND v.organization_id = $1 AND f.person_id = $2
          AND f.named_user_id IS NULL
        ORDER BY v.recorded_at DESC, f.video_id DESC, f.id`,
      [organizationId, personId],
    )) as UnknownFaceRow[];
  }

  async thumbnailKey(organizationId: number, faceId: number): Promise<string | undefined> {
    const [row] = (await this.db.query(
      `SELECT thumbnail_key FROM unknown_faces
        WHERE organization_id = $1 AND id = $2 AND thumbnail_key IS NOT NULL
          AND person_id IS NOT NULL`,
      [organizationId, faceId],
    )) as { thumbnail_key: string }[];
    return row?.thumbnail_key;
  }

  /**
   * The unknown person is this member, named by whom and when (the faces are named one by one),
   * once none of their faces is left unnamed: a face that could not be named (its video being
   * analysed again, or its analysis failed) keeps them listed, or it would leave the list
   * unnamed. Under the grouping lock, so a face a run is adding to them is counted too.
   */
  async markPersonNamed(
    organizationId: number,
    personId: number,
    userId: number,
    namedBy: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockGrouping(tx, organizationId);
      await tx.query(
        `UPDATE unknown_people p SET named_user_id = $3, named_by = $4, named_at = now()
          WHERE p.organization_id = $1 AND p.id = $2
            AND NOT EXISTS (SELECT 1 FROM unknown_faces f
                             WHERE f.person_id = p.id AND f.named_user_id IS NULL)`,
        [organizationId, personId, userId, namedBy],
      );
    });
  }
}
