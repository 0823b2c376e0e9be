import type { DataSource } from 'typeorm';
import { type Actor, STAFF_ROLES, type WorkEvent, organizationScope } from '@hub/proto';

/**
 * Videos whose analysis completed, newest first, for the Hub's Recent Activity: the whole
 * platform for the super administrator, the organization for its staff, nothing for operators
 * (the video library is not theirs to open).
 */
export async function videoWork(
  db: Pick<DataSource, 'query'>,
  actor: Actor,
  limit: number,
): Promise<WorkEvent[]> {
  if (!STAFF_ROLES.includes(actor.role)) return [];
  const organizationId = organizationScope(actor);
  const rows = (await db.query(
    `SELECT id, title, detected_operators, identified_operators, analyzed_at AS at
       FROM videos
      WHERE analysis_status = 'completed' AND analyzed_at IS NOT NULL
        AND ($1::int IS NULL OR organization_id = $1)
      ORDER BY analyzed_at DESC, id DESC LIMIT $2`,
    [organizationId, limit],
  )) as AnalysedVideo[];
  return rows.map(videoAnalysed);
}

interface AnalysedVideo {
  id: number;
  title: string;
  detected_operators: number | null;
  identified_operators: number | null;
  at: Date;
}

function videoAnalysed(row: AnalysedVideo): WorkEvent {
  const { title } = row;
  const identified = row.identified_operators ?? 0;
  const detected = row.detected_operators ?? 0;
  return {
    id: `video_analysed:${row.id}`,
    kind: 'video_analysed',
    title: `"${title}" analysed`,
    detail: `${identified} of ${detected} operator(s) identified`,
    text: { key: 'videoAnalysed', params: { title, identified, detected } },
    occurredAt: row.at.toISOString(),
  };
}
