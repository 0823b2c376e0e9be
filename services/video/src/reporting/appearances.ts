import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MemberVideoPage, PageRequest, RpcAnswer, videoRpc } from '@hub/proto';
import { decodeCursor, pageOf } from '@hub/kit';

type IdentificationGapCounts = RpcAnswer<typeof videoRpc.identificationGapCounts>;
type IdentificationGap = IdentificationGapCounts['latest'][number];
type MemberVideo = MemberVideoPage['videos'][number];

interface AppearanceRow {
  id: number;
  title: string;
  recorded_at: Date;
  /** recorded_at as PostgreSQL writes it, to the microsecond: the page's cursor. */
  cursor_at: string;
  appearances: { start: number; end: number }[];
}

/**
 * The organization's completed analyses whose report identified the person ($1 organization,
 * $2 user): one row per video however many of its entries name them, found through the index
 * of the reports' identified ids (videos_identified_people_idx: the same expression).
 */
const IDENTIFIED_IN = `v.organization_id = $1 AND v.analysis_status = 'completed'
  AND jsonb_path_query_array(v.report->'identifiedOperators', '$[*].userId') @> to_jsonb($2::int)`;

/** The organization's ($1) completed analyses that detected more people than they named. */
const GAP = `organization_id = $1 AND analysis_status = 'completed'
  AND detected_operators > coalesce(identified_operators, 0)`;

/** Where a person was identified: read from the completed analyses' reports. */
@Injectable()
export class Appearances {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** A page of the videos the person was identified in, latest recorded first, and their count. */
  async of(organizationId: number, userId: number, page: PageRequest): Promise<MemberVideoPage> {
    const [[{ total }], rows] = (await Promise.all([
      this.db.query(`SELECT count(*)::int AS total FROM videos v WHERE ${IDENTIFIED_IN}`, [
        organizationId,
        userId,
      ]),
      this.identifiedIn(organizationId, userId, page.limit + 1, page.cursor),
    ])) as [[{ total: number }], AppearanceRow[]];
    const kept = pageOf(rows, page.limit, (row) => [row.cursor_at, String(row.id)]);
    return { videos: kept.rows.map(memberVideo), totalCount: total, nextCursor: kept.nextCursor };
  }

  /** Every video the person was identified in, latest recorded first (the previous release's). */
  async everyVideoOf(organizationId: number, userId: number): Promise<MemberVideo[]> {
    return (await this.identifiedIn(organizationId, userId, null)).map(memberVideo);
  }

  /** The person's videos after the cursor, latest recorded first: `limit` of them, or all (null). */
  private identifiedIn(
    organizationId: number,
    userId: number,
    limit: number | null,
    cursor?: string,
  ): Promise<AppearanceRow[]> {
    const params: unknown[] = [organizationId, userId, limit];
    let after = '';
    const key = decodeCursor(cursor, ['time', 'id']);
    if (key) {
      params.push(key[0], key[1]);
      after = `AND (v.recorded_at, v.id) < ($4::timestamptz, $5::int)`;
    }
    // LIMIT NULL is no limit.
    return this.db.query(
      `SELECT v.id, v.title, v.recorded_at, v.recorded_at::text AS cursor_at,
              coalesce((SELECT jsonb_agg(seen.span)
                          FROM jsonb_array_elements(v.report->'identifiedOperators') person(entry),
                               jsonb_array_elements(person.entry->'appearances') seen(span)
                         WHERE (person.entry->>'userId')::int = $2), '[]') AS appearances
         FROM videos v
        WHERE ${IDENTIFIED_IN} ${after}
        ORDER BY v.recorded_at DESC, v.id DESC LIMIT $3`,
      params,
    );
  }

  /**
   * Completed analyses that detected more people than they could name (missing pictures): how
   * many and how many people, counted in SQL, with the `limit` latest analysed of them.
   */
  async gaps(organizationId: number, limit: number): Promise<IdentificationGapCounts> {
    const [[counts], latest] = (await Promise.all([
      this.db.query(
        `SELECT count(*)::int AS videos,
                coalesce(sum(detected_operators - coalesce(identified_operators, 0)), 0)::int
                  AS unidentified
           FROM videos WHERE ${GAP}`,
        [organizationId],
      ),
      this.gapVideos(organizationId, limit),
    ])) as [[{ videos: number; unidentified: number }], IdentificationGap[]];
    return { videoCount: counts.videos, unidentifiedOperators: counts.unidentified, latest };
  }

  /** Those analyses, latest analysed first: `limit` of them, or all (null: LIMIT NULL is none). */
  async gapVideos(organizationId: number, limit: number | null): Promise<IdentificationGap[]> {
    const rows = (await this.db.query(
      `SELECT id, title, detected_operators, identified_operators, analyzed_at FROM videos
        WHERE ${GAP}
        ORDER BY analyzed_at DESC NULLS LAST, id DESC LIMIT $2`,
      [organizationId, limit],
    )) as {
      id: number;
      title: string;
      detected_operators: number;
      identified_operators: number | null;
      analyzed_at: Date | null;
    }[];
    return rows.map((row) => ({
      videoId: row.id,
      title: row.title,
      detectedOperators: row.detected_operators,
      identifiedOperators: row.identified_operators ?? 0,
      analyzedAt: (row.analyzed_at ?? new Date(0)).toISOString(),
    }));
  }
}

const memberVideo = (row: AppearanceRow): MemberVideo => ({
  videoId: row.id,
  title: row.title,
  recordedAt: row.recorded_at.toISOString(),
  secondsSeen:
    Math.round(row.appearances.reduce((sum, range) => sum + (range.end - range.start), 0) * 10) /
    10,
  firstSeenAt: Math.min(...row.appearances.map((range) => range.start)),
});
