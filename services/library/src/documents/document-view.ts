import type { LibraryDocument } from '@hub/proto';
import type { DocumentEntity } from './document.entity.js';
import type { TagEntity } from '../tags/tag.entity.js';

/**
 * What the view reads: an entity, or a plain row of the same fields (documents.repository), whose
 * big file size comes as text and whose times come already formatted.
 */
export type DocumentViewSource = Omit<
  Pick<DocumentEntity, DocumentViewField>,
  'fileSize' | 'uploadedAt' | 'progressUpdatedAt'
> & {
  fileSize: number | string;
  uploadedAt: Date | string;
  progressUpdatedAt: Date | string;
  tags?: Pick<TagEntity, 'id' | 'name' | 'color'>[];
};

type DocumentViewField =
  | 'id'
  | 'title'
  | 'description'
  | 'fileName'
  | 'fileSize'
  | 'pageCount'
  | 'uploadedAt'
  | 'uploadedBy'
  | 'folderId'
  | 'processed'
  | 'markdownKey'
  | 'sopProcessed'
  | 'sopError'
  | 'ocrProcessed'
  | 'ocrError'
  | 'evaluationGenerated'
  | 'evaluationId'
  | 'evaluationGenerationError'
  | 'processingError'
  | 'imageCount'
  | 'processingStage'
  | 'progressCurrent'
  | 'progressTotal'
  | 'progressUpdatedAt'
  | 'currentVersion';

const isoTime = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

/**
 * A document's tags by id, the order the list's query gives them: an entity's relation comes
 * in whatever order the join returned, so one document would otherwise differ from the list.
 */
export const tagsById = <T extends { id: number }>(tags: readonly T[] | undefined): T[] =>
  [...(tags ?? [])].sort((a, b) => a.id - b.id);

export function toDocumentView(
  row: DocumentViewSource,
  evaluationStatus: LibraryDocument['evaluationStatus'] = null,
): LibraryDocument {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    fileSize: Number(row.fileSize),
    pageCount: row.pageCount,
    uploadedAt: isoTime(row.uploadedAt),
    uploadedBy: row.uploadedBy,
    folderId: row.folderId,
    tags: tagsById(row.tags).map(({ id, name, color }) => ({ id, name, color })),
    processed: row.processed,
    markdownS3Key: row.markdownKey,
    sopProcessed: row.sopProcessed,
    sopError: row.sopError,
    ocrProcessed: row.ocrProcessed,
    ocrError: row.ocrError,
    evaluationGenerated: row.evaluationGenerated,
    evaluationId: row.evaluationId,
    evaluationStatus,
    evaluationGenerationError: row.evaluationGenerationError,
    processingError: row.processingError,
    imageCount: row.imageCount,
    quizGenerated: row.evaluationGenerated,
    quizId: row.evaluationId,
    progress: {
      stage: row.processingStage,
      current: row.progressCurrent,
      total: row.progressTotal,
      updatedAt: isoTime(row.progressUpdatedAt),
    },
    currentVersion: row.currentVersion,
  };
}
