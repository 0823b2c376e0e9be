import {
  api,
  DOCUMENT_VERSION_UPLOAD,
  type DocumentVersion,
  type DocumentVersionList,
  type LibraryDocument,
  routePath,
} from '@hub/proto';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { uploadWithProgress } from '../api/upload';
import { formatDateTime } from '../ui/dates';
import { formatFileSize } from './format';

export const CHANGE_NOTE_REQUIRED = 'Please describe what changed in this version.';

export function documentVersionsQuery(id: number) {
  return queryOptions({
    queryKey: [api.documentVersions.path, id],
    queryFn: ({ signal }): Promise<DocumentVersionList> =>
      call(api.documentVersions, { params: { id }, signal }),
  });
}

/** A signed link expires within minutes: asked for when the person clicks, never cached. */
export function versionDownloadUrl(id: number, version: number) {
  return call(api.documentVersionDownloadUrl, { params: { id, version } });
}

/** The change note as typed, or why it cannot be sent (the server checks it again). */
export function checkChangeNote(note: string): string | null {
  return note.trim() === '' ? CHANGE_NOTE_REQUIRED : null;
}

const STATE_LABELS: Record<DocumentVersion['state'], string> = {
  processing: 'Processing',
  processed: 'Processed',
  failed: 'Processing failed',
  superseded: 'Replaced before processing finished',
};

/** One line under a version: who uploaded it, when, and what the file is. */
export function versionCaption(version: DocumentVersion): string {
  const who = version.uploadedByName ?? 'A former member';
  const pages = version.pageCount === null ? '' : `, ${version.pageCount} page(s)`;
  return `${who} · ${formatDateTime(version.uploadedAt)} · ${version.fileName} (${formatFileSize(version.fileSize)}${pages})`;
}

export function versionStateLabel(version: DocumentVersion): string {
  return STATE_LABELS[version.state];
}

/** POST /api/library/documents/:id/versions: the change note first, the file last. */
export function uploadDocumentVersion(
  documentId: number,
  changeNote: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<LibraryDocument> {
  return uploadWithProgress<LibraryDocument>(
    routePath(api.uploadDocumentVersion, { id: documentId }),
    [['changeNote', changeNote.trim()]],
    { field: DOCUMENT_VERSION_UPLOAD.fileField, file },
    onProgress,
  );
}
