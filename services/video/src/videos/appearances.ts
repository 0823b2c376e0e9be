import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RpcAnswer, videoRpc } from '@hub/proto';

type Appearance = RpcAnswer<typeof videoRpc.appearancesOf>[number];

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
}
