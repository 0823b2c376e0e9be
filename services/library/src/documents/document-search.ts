import type { DataSource } from 'typeorm';
import type { DocumentFilter } from '@hub/proto';

/**
 * Ids of the organization's documents matching the filter, best first: with a search, ranked
 * by PostgreSQL full-text relevance over title (weight A), description (B) and the extracted
 * SOP text (C), the last word also matching as a prefix; otherwise newest first.
 */
export async function findDocumentIds(
  db: DataSource,
  organizationId: number,
  filter: DocumentFilter,
): Promise<{ ids: number[]; totalCount: number }> {
  const params: unknown[] = [organizationId];
  const where = ['d.organization_id = $1'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.folderId !== undefined) where.push(`d.folder_id = ${param(filter.folderId)}`);
  if (filter.sopProcessed !== undefined)
    where.push(`d.sop_processed = ${param(filter.sopProcessed)}`);
  if (filter.tags.length > 0) {
    where.push(
      `(SELECT count(*) FROM document_tags dt WHERE dt.document_id = d.id AND dt.tag_id = ANY(${param(filter.tags)}::int[])) = ${param(filter.tags.length)}`,
    );
  }
  let rank = 'NULL::real';
  const words = (filter.search ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length > 0) {
    const query = `to_tsquery('english', ${param(words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & '))})`;
    where.push(
      `(d.search_vector @@ ${query} OR d.title ILIKE ${param(`%${(filter.search ?? '').replace(/[%_\\]/g, '\\$&')}%`)})`,
    );
    rank = `ts_rank_cd(d.search_vector, ${query})`;
  }
  const conditions = where.join(' AND ');
  const rows = (await db.query(
    `SELECT d.id, ${rank} AS rank, count(*) OVER ()::int AS total
       FROM documents d WHERE ${conditions}
      ORDER BY rank DESC NULLS LAST, d.uploaded_at DESC, d.id DESC
      LIMIT ${param(filter.limit)}`,
    params,
  )) as { id: number; total: number }[];
  return { ids: rows.map((row) => row.id), totalCount: rows[0]?.total ?? 0 };
}
