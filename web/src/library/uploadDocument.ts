import { DOCUMENT_MAX_BYTES, DOCUMENT_UPLOAD, type LibraryDocument } from '@hub/proto';
import { api } from '../api/routes';
import { ApiError } from '../api/client';
import { uploadWithProgress } from '../api/upload';
export { uploadPercent } from '../api/upload';
import { i18n } from '../i18n/i18n';
import type { ToastInput } from '../toast/toastStore';

/** What the checks read of a File (so they run without a browser). */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
}

/**
 * Client-side check before sending (the server checks again by the file's leading bytes).
 * Null when the file may be sent.
 */
export function checkDocumentFile(file: FileFacts | null | undefined): ToastInput | null {
  const isPdf = file && (file.type === 'application/pdf' || /\.pdf$/i.test(file.name));
  if (!isPdf) {
    return {
      title: i18n.t('library.upload.invalidFile'),
      description: i18n.t('library.upload.notPdf'),
      variant: 'destructive',
    };
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    return {
      title: i18n.t('library.upload.tooLarge'),
      description: i18n.t('library.upload.tooLargeDescription'),
      variant: 'destructive',
    };
  }
  return null;
}

/** 'Oven Safety v2.pdf' -> 'Oven Safety v2'. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.\\/]*$/, '').trim() || name;
}

export interface UploadDraft {
  title: string;
  description: string;
  /** Comma-separated tag names, as typed. */
  tags: string;
  /** A folder id, or 'none'. */
  folderId: string;
}

/**
 * The multipart fields in the order the server reads them: the text fields first, the file
 * last (the server streams the file and must know the fields by then).
 *
 * Title: we take the reading where the title is optional. Left empty, it becomes the file's
 * name without its extension (shown as the field's placeholder), so every document has one.
 */
export function uploadFields(draft: UploadDraft, fileName: string): [string, string][] {
  return [
    ['title', draft.title.trim() || titleFromFileName(fileName)],
    ['description', draft.description.trim()],
    ['tags', draft.tags],
    ['folderId', draft.folderId || 'none'],
  ];
}

/** Failure toasts of an upload (spec section 8). */
export function uploadFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError) {
    return {
      title: i18n.t('library.upload.failed'),
      description: error.serverMessage ?? i18n.t('library.upload.failedDescription'),
      variant: 'destructive',
    };
  }
  return {
    title: i18n.t('library.upload.failed'),
    description: i18n.t('library.upload.unexpected'),
    variant: 'destructive',
  };
}

/**
 * POST /api/library/documents/upload with XMLHttpRequest (fetch cannot report upload
 * progress). Rejects with ApiError on a non-success answer, with a plain Error when the
 * request never completed.
 */
export function uploadDocument(
  draft: UploadDraft,
  file: File,
  onProgress: (percent: number) => void,
): Promise<LibraryDocument> {
  return uploadWithProgress<LibraryDocument>(
    api.uploadDocument.path,
    uploadFields(draft, file.name),
    { field: DOCUMENT_UPLOAD.fileField, file },
    onProgress,
  );
}
