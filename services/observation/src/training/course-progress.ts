import type { DataSource } from 'typeorm';

/**
 * Which documents a user has passed in an observation. A course's progress is the share of its
 * SOPs passed; it is completed when every one is.
 */
export async function passedDocuments(
  db: DataSource,
  organizationId: number,
  userId: number,
): Promise<Set<number>> {
  const rows = (await db.query(
    `SELECT DISTINCT document_id FROM observations
      WHERE organization_id = $1 AND operator_id = $2 AND status = 'completed' AND passed`,
    [organizationId, userId],
  )) as { document_id: number }[];
  return new Set(rows.map((row) => row.document_id));
}

export function progressOf(documentIds: number[], passed: Set<number>): number {
  if (documentIds.length === 0) return 0;
  const done = documentIds.filter((id) => passed.has(id)).length;
  return Math.round((done / documentIds.length) * 1000) / 10;
}
