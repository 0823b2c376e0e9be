import type { DocumentFilter } from '@hub/proto';
import { decodeCursor } from '@hub/kit';

/** A page row's place in the list: its total, upload time and search rank as text. */
export interface PagePlace {
  total: number;
  at: string;
  rank: string | null;
}

/** SQL answering one page of a document list, and how to carry on past it. */
export interface DocumentPageQuery {
  /** Selects `id`, `at`, `rank`, `total` and `position` (1-based) of the page's rows, plus one. */
  sql: string;
  params: unknown[];
  /** Counts the whole list, for a page past its last row (where no row carries the total). */
  countSql: string;
  countParams: unknown[];
  /** Whether the request asked for rows after a cursor. */
  afterCursor: boolean;
  /** The cursor of the page ending with this row. */
  cursorOf(row: PagePlace & { id: number }): string[];
}

/**
 * A processed SOP, as the library's RPCs count one (documents.repository's `processedSop`): its
 * current version is processed, or the row still holds the text of an earlier one, which stays
 * the SOP's content while a newer version is processed or after it failed. The web's SOP pickers
 * list by it.
 */
const PROCESSED_SOP_SQL = '(d.sop_processed OR d.text_key IS NOT NULL)';

/**
 * The organization's documents matching the filter, best first, one page after the cursor: with a search, ranked
 * by PostgreSQL full-text relevance over title (weight A), description (B) and the extracted
 * SOP text (C), the last word also matching as a prefix; otherwise newest first.
 */
export function documentPageQuery(
  organizationId: number,
  filter: DocumentFilter,
): DocumentPageQuery {
  const params: unknown[] = [organizationId];
  const where = ['d.organization_id = $1'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.folderId !== undefined) where.push(`d.folder_id = ${param(filter.folderId)}`);
  if (filter.sopProcessed !== undefined)
    where.push(filter.sopProcessed ? PROCESSED_SOP_SQL : `NOT ${PROCESSED_SOP_SQL}`);
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
  const conditionParams = params.length;
  // Search results page by rank first; the plain list only by upload time and id.
  const after = decodeCursor(
    filter.cursor,
    words.length > 0 ? ['number', 'time', 'id'] : ['time', 'id'],
  );
  let afterCondition = 'true';
  if (after && words.length > 0) {
    afterCondition = `(m.rank, m.uploaded_at, m.id) < (${param(after[0])}::real, ${param(after[1])}::timestamptz, ${param(after[2])}::int)`;
  } else if (after) {
    afterCondition = `(m.uploaded_at, m.id) < (${param(after[0])}::timestamptz, ${param(after[1])}::int)`;
  }
  const order = 'm.rank DESC NULLS LAST, m.uploaded_at DESC, m.id DESC';
  return {
    sql: `WITH matching AS (
       SELECT d.id, d.uploaded_at, ${rank} AS rank FROM documents d WHERE ${conditions}
     )
     SELECT m.id, m.uploaded_at::text AS at, m.rank::text AS rank,
            (SELECT count(*) FROM matching)::int AS total,
            row_number() OVER (ORDER BY ${order}) AS position
       FROM matching m WHERE ${afterCondition}
      ORDER BY ${order}
      LIMIT ${param(filter.limit + 1)}`,
    params,
    countSql: `SELECT count(*)::int AS total FROM documents d WHERE ${conditions}`,
    countParams: params.slice(0, conditionParams),
    afterCursor: after !== undefined,
    cursorOf: (row) =>
      words.length > 0 ? [row.rank ?? '0', row.at, String(row.id)] : [row.at, String(row.id)],
  };
}
