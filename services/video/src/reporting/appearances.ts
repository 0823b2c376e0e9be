import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RpcAnswer, videoRpc } from '@hub/proto';

type Appearance = RpcAnswer<typeof videoRpc.appearancesOf>[number];
type IdentificationGap = RpcAnswer<typeof videoRpc.identificationGaps>[number];

interface AppearanceRow {
  id: number;
  title: string;
  recorded_at: Date;
  appearances: { start: number; end: number }[];
}

/** Where a person was identified: read from the completed analyses' reports. */
@Injectable()
export class Appearances {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async of(organizationId: number, userId: number): Promise<Appearance[]> {
    const rows = (await this.db.query(
      `SELECT v.id, v.title, v.recorded_at, person->'appearances' AS appearances
         FROM videos v, jsonb_array_elements(v.report->'identifiedOperators') person
        WHERE v.organization_id = $1 AND v.analysis_status = 'completed'
          AND (person->>'userId')::int = $2
        ORDER BY v.recorded_at DESC`,
      [organizationId, userId],
    )) as AppearanceRow[];
    return rows.map((row) => ({
      videoId: row.id,
      title: row.title,
      recordedAt: row.recorded_at.toISOString(),
      secondsSeen:
        Math.round(
          row.appearances.reduce((sum, range) => sum + (range.end - range.start), 0) * 10,
        ) / 10,
      firstSeenAt: Math.min(...row.appearances.map((range) => range.start)),
    }));
  }

  /** Completed analyses that detected more people than they could name (missing pictures). */
  async gaps(organizationId: number): Promise<IdentificationGap[]> {
    const rows = (await this.db.query(
      `SELECT id, title, detected_operators, identified_operators, analyzed_at FROM videos
        WHERE organization_id = $1 AND analysis_status = 'completed'
          AND detected_operators > coalesce(identified_operators, 0)
        ORDER BY analyzed_at DESC NULLS LAST, id DESC`,
      [organizationId],
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
