import {
  DOCUMENT_VERSION_UPLOAD,
  type DocumentVersion,
  type DocumentVersionList,
  type LibraryDocument,
  routePath,
  type VersionDiff,
} from '@hub/proto';
import { api } from '../api/routes';
import { call } from '../api/client';
import { uploadWithProgress } from '../api/upload';
import { formatDateTime } from '../ui/dates';
import { formatFileSize } from '../i18n/format';
import { i18n } from '../i18n/i18n';

/**
 * What is compared first: the last version before the current one that was processed (as the
 * acknowledgement page compares) against the current one. A version replaced or failed has no
 * content, so a comparison from it could only fail.
 */
export function defaultComparison(list: DocumentVersionList): { from: number; to: number } | null {
  const numbers = list.versions.map((version) => version.version).sort((a, b) => a - b);
  if (numbers.length < 2) return null;
  const to = numbers.includes(list.currentVersion) ? list.currentVersion : numbers.at(-1)!;
  const earlier = numbers.filter((number) => number < to);
  const processed = new Set(
    list.versions.filter((version) => version.state === 'processed').map((v) => v.version),
  );
  const from = earlier.findLast((number) => processed.has(number)) ?? earlier.at(-1);
  return { from: from ?? numbers[0]!, to: earlier.length ? to : numbers[1]! };
}

/** '2 changed, 1 added, 1 removed', or that nothing changed. */
export function diffSummaryText(summary: VersionDiff['summary']): string {
  const parts: string[] = [];
  if (summary.changed) parts.push(i18n.t('library.diff.changed', { count: summary.changed }));
  if (summary.added) parts.push(i18n.t('library.diff.added', { count: summary.added }));
  if (summary.removed) parts.push(i18n.t('library.diff.removed', { count: summary.removed }));
  return parts.length ? parts.join(', ') : i18n.t('library.diff.none');
}

/** A signed link expires within minutes: asked for when the person clicks, never cached. */
export function versionDownloadUrl(id: number, version: number) {
  return call(api.documentVersionDownloadUrl, { params: { id, version } });
}

/** The change note as typed, or why it cannot be sent (the server checks it again). */
export function checkChangeNote(note: string): string | null {
  return note.trim() === '' ? i18n.t('library.versions.noteRequired') : null;
}

/** One line under a version: who uploaded it, when, and what the file is. */
export function versionCaption(version: DocumentVersion): string {
  const parts = {
    who: version.uploadedByName ?? i18n.t('library.versions.formerMember'),
    when: formatDateTime(version.uploadedAt),
    file: version.fileName,
    size: formatFileSize(version.fileSize),
  };
  return version.pageCount === null
    ? i18n.t('library.versions.caption', parts)
    : i18n.t('library.versions.captionPages', { ...parts, count: version.pageCount });
}

export function versionStateLabel(version: DocumentVersion): string {
  return i18n.t(`library.versions.state.${version.state}`);
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
