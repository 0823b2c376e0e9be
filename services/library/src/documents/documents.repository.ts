import type { EntityManager } from 'typeorm';
import type { LibraryDocument } from '@hub/proto';
import { type DocumentViewSource, toDocumentView } from './document-view.js';

type ListedRow = Omit<DocumentViewSource, 'fileSize'> & {
  /** bigint: the driver answers a string, as the entity's column transformer reads it. */
  fileSize: string;
  evaluationStatus: LibraryDocument['evaluationStatus'];
};

/**
 * Plain SQL for the document list, the hottest library read (every library page): one query
 * answers the page's rows with their tags and evaluation status, without TypeORM's query
 * building and entity hydration (a quarter of the service's busy time in the request-path
 * bench's profiles).
 */
export class DocumentsRepository {
  constructor(private readonly db: Pick<EntityManager, 'query'>) {}

  /**
   * The views of the organization's documents `ids` (already found for that organization), in
   * no particular order; ids of other organizations answer nothing. Tags by id.
   */
  async views(organizationId: number, ids: number[]): Promise<LibraryDocument[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT d.id, d.title, d.description, d.file_name AS "fileName", d.file_size AS "fileSize",
              d.page_count AS "pageCount", d.uploaded_at AS "uploadedAt",
              d.uploaded_by AS "uploadedBy", d.folder_id AS "folderId", d.processed,
              d.markdown_key AS "markdownKey", d.sop_processed AS "sopProcessed",
              d.sop_error AS "sopError", d.ocr_processed AS "ocrProcessed",
              d.ocr_error AS "ocrError", d.evaluation_generated AS "evaluationGenerated",
              d.evaluation_id AS "evaluationId",
              d.evaluation_generation_error AS "evaluationGenerationError",
              d.processing_error AS "processingError", d.image_count AS "imageCount",
              d.processing_stage AS "processingStage", d.progress_current AS "progressCurrent",
              d.progress_total AS "progressTotal", d.progress_updated_at AS "progressUpdatedAt",
              d.current_version AS "currentVersion", e.status AS "evaluationStatus",
              COALESCE(
                (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
                                 ORDER BY t.id)
                   FROM document_tags dt JOIN tags t ON t.id = dt.tag_id
                  WHERE dt.document_id = d.id),
                '[]'::json) AS tags
         FROM documents d LEFT JOIN evaluations e ON e.document_id = d.id
        WHERE d.id = ANY($1::int[]) AND d.organization_id = $2`,
      [ids, organizationId],
    )) as ListedRow[];
    return rows.map(({ evaluationStatus, fileSize, ...row }) =>
      toDocumentView({ ...row, fileSize: Number(fileSize) }, evaluationStatus ?? null),
    );
  }
}
