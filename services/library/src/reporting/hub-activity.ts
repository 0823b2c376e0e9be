import type { DataSource } from 'typeorm';
import { type Actor, STAFF_ROLES, type WorkEvent, organizationScope } from '@hub/proto';

/**
 * Documents whose processing finished, newest first, for the Hub's Recent Activity: the whole
 * platform for the super administrator, the organization for its staff, nothing for operators
 * (the library is not theirs to open). The time is the processing's last step.
 */
export async function documentWork(
  db: Pick<DataSource, 'query'>,
  actor: Actor,
  limit: number,
): Promise<WorkEvent[]> {
  if (!STAFF_ROLES.includes(actor.role)) return [];
  const organizationId = organizationScope(actor);
  const rows = (await db.query(
    `SELECT id, title, image_count, progress_updated_at AS at
       FROM documents
      WHERE processed AND processing_stage = 'done' AND ($1::int IS NULL OR organization_id = $1)
      ORDER BY progress_updated_at DESC, id DESC LIMIT $2`,
    [organizationId, limit],
  )) as ProcessedDocument[];
  return rows.map(documentProcessed);
}

interface ProcessedDocument {
  id: number;
  title: string;
  image_count: number | null;
  at: Date;
}

function documentProcessed(row: ProcessedDocument): WorkEvent {
  const { title } = row;
  const images = row.image_count ?? 0;
  return {
    id: `document_processed:${row.id}`,
    kind: 'document_processed',
    title: `"${title}" processed`,
    detail: images ? `Document ready to read, with ${images} image(s)` : 'Document ready to read',
    text: { key: 'documentProcessed', params: { title, images } },
    occurredAt: row.at.toISOString(),
  };
}
