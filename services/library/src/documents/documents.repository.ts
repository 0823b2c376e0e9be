import type { EntityManager } from 'typeorm';
import type { DocumentFilter, DocumentList, LibraryDocument } from '@hub/proto';
import { pageOf, preparedStatement } from '@hub/kit';
import { type DocumentViewSource, toDocumentView } from './document-view.js';
import { documentPageQuery, type PagePlace } from './document-search.js';

type ListedRow = DocumentViewSource & {
  /** bigint: the driver answers a string, as the entity's column transformer reads it. */
  fileSize: string;
  /** Times as the view answers them, formatted by PostgreSQL rather than parsed into Dates. */
  uploadedAt: string;
  progressUpdatedAt: string;
  evaluationStatus: LibraryDocument['evaluationStatus'];
};

/** A timestamptz as Date.toISOString writes it (milliseconds cut, not rounded, as both do). */
const isoTimeSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Plain SQL for the document list, the hottest library read (every library page): one query
 * finds the page and answers its rows with their tags and evaluation status, without TypeORM's
 * query building and entity hydration (a quarter of the service's busy time in the
 * request-path bench's profiles), without a second round trip for the rows, and prepared once
 * per connection.
 */
export class DocumentsRepository {
  constructor(private readonly db: Pick<EntityManager, 'query'>) {}

  /** One page of the organization's documents matching the filter, with the list's total. */
  async page(organizationId: number, filter: DocumentFilter): Promise<DocumentList> {
    const query = documentPageQuery(organizationId, filter);
    const rows = (await this.db.query(
      preparedStatement(
        'documents-page',
        `WITH page AS (${query.sql})
       SELECT p.at, p.rank, p.total, d.id, d.title, d.description, d.file_name AS "fileName", d.file_size AS "fileSize",
              d.page_count AS "pageCount", ${isoTimeSql('d.uploaded_at')} AS "uploadedAt",
              d.uploaded_by AS "uploadedBy", d.folder_id AS "folderId", d.processed,
              d.markdown_key AS "markdownKey", d.sop_processed AS "sopProcessed",
              d.sop_error AS "sopError", d.ocr_processed AS "ocrProcessed",
              d.ocr_error AS "ocrError", d.evaluation_generated AS "evaluationGenerated",
              d.evaluation_id AS "evaluationId",
              d.evaluation_generation_error AS "evaluationGenerationError",
              d.processing_error AS "processingError", d.image_count AS "imageCount",
              d.processing_stage AS "processingStage", d.progress_current AS "progressCurrent",
              d.progress_total AS "progressTotal",
              ${isoTimeSql('d.progress_updated_at')} AS "progressUpdatedAt",
              d.current_version AS "currentVersion", e.status AS "evaluationStatus",
              COALESCE(
                (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
                                 ORDER BY t.id)
                   FROM document_tags dt JOIN tags t ON t.id = dt.tag_id
                  WHERE dt.document_id = d.id),
                '[]'::json) AS tags
         FROM page p JOIN documents d ON d.id = p.id
         LEFT JOIN evaluations e ON e.document_id = d.id
        ORDER BY p.position`,
      ),
      query.params,
    )) as (ListedRow & PagePlace)[];
    const { rows: listed, nextCursor } = pageOf(rows, filter.limit, query.cursorOf);
    return {
      // The view picks its fields from the row itself: no copies of 30-field rows per document.
      documents: listed.map((row) => toDocumentView(row, row.evaluationStatus ?? null)),
      totalCount: rows[0]?.total ?? (query.afterCursor ? await this.count(query) : 0),
      nextCursor,
    };
  }

  /** The whole list's count, for a page past its last row, where no row carries it. */
  private async count(query: { countSql: string; countParams: unknown[] }): Promise<number> {
    const [row] = (await this.db.query(query.countSql, query.countParams)) as { total: number }[];
    return row?.total ?? 0;
  }
}
