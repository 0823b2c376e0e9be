import { Inject, Injectable } from '@nestjs/common';
import {
  Any,
  DataSource,
  type EntityManager,
  type FindOptionsWhere,
  In,
  IsNull,
  Not,
} from 'typeorm';
import type { DocumentFilter, DocumentList, LibraryDocument } from '@hub/proto';
import { pageOf, preparedStatement } from '@hub/kit';
import { VersionsRepository } from '../versions/versions.repository.js';
import { DocumentEntity } from './document.entity.js';
import { DocumentImageEntity } from './document-image.entity.js';
import { DocumentVersionEntity } from './document-version.entity.js';
import { EvaluationEntity } from '../evaluations/evaluation.entity.js';
import { type DocumentViewSource, toDocumentView } from './document-view.js';
import { documentPageQuery, type PagePlace } from './document-search.js';

type EvaluationStatus = NonNullable<LibraryDocument['evaluationStatus']>;

/** A new document's record, as an upload creates it. */
export type NewDocumentRecord = Pick<
  DocumentEntity,
  | 'organizationId'
  | 'folderId'
  | 'title'
  | 'description'
  | 'fileName'
  | 'fileSize'
  | 'storagePrefix'
  | 'sourceKey'
  | 'uploadedBy'
  | 'tags'
>;

/** Where one version's upload and processing output are stored. */
type VersionFile = Pick<DocumentVersionEntity, 'storagePrefix' | 'sourceKey'>;

type ListedRow = DocumentViewSource & {
  /** bigint: the driver answers a string, as the entity's column transformer reads it. */
  fileSize: string;
  /** Times as the view answers them, formatted by PostgreSQL rather than parsed into Dates. */
  uploadedAt: string;
  progressUpdatedAt: string;
  evaluationStatus: LibraryDocument['evaluationStatus'];
};

/**
 * Documents of `where` that are processed SOPs: their current version is processed, or an
 * earlier one was. The row keeps the text of the version processed last while a newer one is
 * processed or after it failed (`sopProcessed` then false), and the SOP stays one for job
 * functions, videos and cameras meanwhile.
 */
const processedSop = (
  where: FindOptionsWhere<DocumentEntity>,
): FindOptionsWhere<DocumentEntity>[] => [
  { ...where, sopProcessed: true },
  { ...where, textKey: Not(IsNull()) },
];

/** A timestamptz as Date.toISOString writes it (milliseconds cut, not rounded, as both do). */
const isoTimeSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The documents of the library. Plain SQL for the document list, the hottest library read (every library page): one query
 * finds the page and answers its rows with their tags and evaluation status, without TypeORM's
 * query building and entity hydration (a quarter of the service's busy time in the
 * request-path bench's profiles), without a second round trip for the rows, and prepared once
 * per connection.
 */
@Injectable()
export class DocumentsRepository {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(VersionsRepository) private readonly versions: VersionsRepository,
  ) {}

  private get documents() {
    return this.db.getRepository(DocumentEntity);
  }

  /** One page of the organization's documents matching the filter, with the list's total. */
  async page(organizationId: number, filter: DocumentFilter): Promise<DocumentList> {
    const query = documentPageQuery(organizationId, filter);
    // Raw SQL: the prepared hot read (see above).
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
    // Raw SQL: the page query's own count.
    const [row] = (await this.db.query(query.countSql, query.countParams)) as { total: number }[];
    return row?.total ?? 0;
  }

  /** The document with its tags, if it is the organization's. */
  findInOrganization(organizationId: number, documentId: number): Promise<DocumentEntity | null> {
    return this.documents.findOne({
      where: { id: documentId, organizationId },
      relations: { tags: true },
    });
  }

  findById(documentId: number): Promise<DocumentEntity | null> {
    return this.documents.findOneBy({ id: documentId });
  }

  /** The document, which must exist. */
  getById(documentId: number): Promise<DocumentEntity> {
    return this.documents.findOneByOrFail({ id: documentId });
  }

  exists(documentId: number): Promise<boolean> {
    return this.documents.existsBy({ id: documentId });
  }

  /** The document with its tags, whichever organization it belongs to. */
  findWithTags(documentId: number): Promise<DocumentEntity | null> {
    return this.documents.findOne({ where: { id: documentId }, relations: { tags: true } });
  }

  /** The status of each of these documents' evaluation, for those that have one. */
  async evaluationStatuses(documentIds: number[]): Promise<Map<number, EvaluationStatus>> {
    const rows = await this.db.getRepository(EvaluationEntity).find({
      where: { documentId: Any(documentIds) },
      select: { documentId: true, status: true },
    });
    return new Map(rows.map((row) => [row.documentId, row.status]));
  }

  /** Those of these documents that are processed SOPs of the organization (see `processedSop`). */
  processedSops(organizationId: number, documentIds: number[]): Promise<DocumentEntity[]> {
    return this.documents.find({ where: processedSop({ organizationId, id: In(documentIds) }) });
  }

  /** The same, reading only the id and title columns. */
  processedSopTitles(organizationId: number, documentIds: number[]): Promise<DocumentEntity[]> {
    return this.documents.find({
      where: processedSop({ organizationId, id: In(documentIds) }),
      select: { id: true, title: true },
    });
  }

  /** Every processed SOP of the organization, by title (id and title only). */
  processedSopsByTitle(organizationId: number): Promise<DocumentEntity[]> {
    return this.documents.find({
      where: processedSop({ organizationId }),
      order: { title: 'ASC', id: 'ASC' },
      select: { id: true, title: true },
    });
  }

  /** These documents of the organization, with their tags. */
  withTags(organizationId: number, documentIds: number[]): Promise<DocumentEntity[]> {
    return this.documents.find({
      where: { organizationId, id: In(documentIds) },
      relations: { tags: true },
    });
  }

  /** The document and its first version exist together or not at all. */
  createWithFirstVersion(record: NewDocumentRecord): Promise<DocumentEntity> {
    return this.db.transaction(async (tx) => {
      const row = await tx
        .getRepository(DocumentEntity)
        .save(tx.getRepository(DocumentEntity).create(record));
      await this.versions.recordFirst(tx, row);
      return row;
    });
  }

  /**
   * Deletes the document: its versions, images, tag links and search entry go with it; `announce`
   * writes, in the same transaction, the event that tells the other services. The row is locked
   * first and the files of every version read under the lock: a version added at the same time
   * (VersionsRepository.addVersion locks the row too) is either committed before, and its files
   * are answered, or finds the document gone. Null when the row was already gone: of two deletes
   * at once, the second waits for the first's and then deletes and tells nothing.
   */
  delete(
    documentId: number,
    announce: (tx: EntityManager) => Promise<void>,
  ): Promise<{ document: DocumentEntity; files: VersionFile[] } | null> {
    return this.db.transaction(async (tx) => {
      const document = await tx
        .getRepository(DocumentEntity)
        .findOne({ where: { id: documentId }, lock: { mode: 'pessimistic_write' } });
      if (!document) return null;
      const files = await tx.getRepository(DocumentVersionEntity).find({
        where: { documentId },
        select: { storagePrefix: true, sourceKey: true },
      });
      await tx.getRepository(DocumentEntity).delete(documentId);
      await announce(tx);
      return { document, files };
    });
  }

  findImage(documentId: number, imageId: string): Promise<DocumentImageEntity | null> {
    return this.db.getRepository(DocumentImageEntity).findOneBy({ documentId, imageId });
  }

  /** The number of the version whose processing wrote this markdown (each has its own folder). */
  async contentVersion(documentId: number, markdownKey: string): Promise<number | null> {
    const row = await this.db.getRepository(DocumentVersionEntity).findOne({
      where: { documentId, markdownKey },
      select: { version: true },
    });
    return row?.version ?? null;
  }
}
