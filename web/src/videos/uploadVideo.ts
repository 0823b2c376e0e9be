import { VIDEO_MAX_BYTES, VIDEO_UPLOAD, type LinkedSop, type Video } from '@hub/proto';
import { api } from '../api/routes';
import { ApiError } from '../api/client';
import { readableErrorText } from '../api/error-text';
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

/** The browser's types for MP4, MPEG, QuickTime (MOV) and AVI. */
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/mpeg',
  'video/quicktime',
  'video/x-msvideo',
] as const;
export const VIDEO_EXTENSIONS = ['.mp4', '.mpeg', '.mpg', '.mov', '.avi'] as const;
/** The file input's `accept`. */
export const VIDEO_ACCEPT = [...VIDEO_MIME_TYPES, ...VIDEO_EXTENSIONS].join(',');

/**
 * Client-side check before sending (spec section 5); the server checks again by the file's
 * leading bytes. Null when the file may be sent. A browser may report AVI as 'video/avi' or
 * give no type at all, so a known extension is enough.
 */
export function checkVideoFile(file: FileFacts | null | undefined): ToastInput | null {
  if (!file) {
    return {
      title: i18n.t('videos.upload.noFile'),
      description: readableErrorText(VIDEO_UPLOAD.messages.missing),
      variant: 'destructive',
    };
  }
  const name = file.name.toLowerCase();
  const known =
    (VIDEO_MIME_TYPES as readonly string[]).includes(file.type) ||
    VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!known) {
    return {
      title: i18n.t('videos.upload.wrongType'),
      description: readableErrorText(VIDEO_UPLOAD.messages.wrongKind),
      variant: 'destructive',
    };
  }
  if (file.size > VIDEO_MAX_BYTES) {
    return {
      title: i18n.t('videos.upload.tooLarge'),
      description: readableErrorText(VIDEO_UPLOAD.messages.tooLarge),
      variant: 'destructive',
    };
  }
  return null;
}

/** 'Line 3 shift.mp4' -> 'Line 3 shift'. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.\\/]*$/, '').trim() || name;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A datetime-local input's value for a moment, in the browser's time zone: '2025-03-04T09:05'. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO date-time, or null when it is not a date. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export interface VideoDraft {
  title: string;
  description: string;
  /** datetime-local value. */
  recordingDate: string;
  /** Ids of the linked SOP documents. */
  sopIds: number[];
}

export interface DraftErrors {
  title?: string | undefined;
  recordingDate?: string | undefined;
}

/** Title and recording date are required (spec section 5). */
export function checkDraft(draft: VideoDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.title.trim() === '') errors.title = i18n.t('videos.upload.titleRequired');
  if (draft.recordingDate.trim() === '') {
    errors.recordingDate = i18n.t('videos.upload.dateRequired');
  } else if (localToIso(draft.recordingDate) === null) {
    errors.recordingDate = i18n.t('videos.upload.dateInvalid');
  }
  return errors;
}

/**
 * The multipart fields in the order the server reads them; the file goes last. Linked SOPs go
 * as a JSON list of {sopId, sopTitle}, titled from the choices offered (unknown ids are dropped).
 */
export function videoUploadFields(
  draft: VideoDraft,
  sops: readonly { id: number; title: string }[],
): [string, string][] {
  const linked: LinkedSop[] = draft.sopIds.flatMap((sopId) => {
    const sop = sops.find((choice) => choice.id === sopId);
    return sop ? [{ sopId, sopTitle: sop.title }] : [];
  });
  return [
    ['title', draft.title.trim()],
    ['description', draft.description.trim()],
    ['recordingDate', localToIso(draft.recordingDate) ?? draft.recordingDate],
    ['linkedSops', JSON.stringify(linked)],
  ];
}

/** Spec section 8: 'Upload failed' with the error text, else 'Failed to upload video'. */
export function uploadFailureToast(error: unknown): ToastInput {
  const text =
    error instanceof ApiError
      ? error.serverMessage
      : error instanceof Error && error.message.trim() !== ''
        ? error.message
        : undefined;
  return {
    title: i18n.t('videos.upload.failed'),
    description: text ?? i18n.t('videos.upload.failedDescription'),
    variant: 'destructive',
  };
}

/** Spec section 8: 'Analysis failed' with the server's message, else 'Failed to start analysis'. */
export function analysisFailureToast(error: unknown): ToastInput {
  return {
    title: i18n.t('videos.analyse.failed'),
    description:
      (error instanceof ApiError && error.serverMessage) ||
      i18n.t('videos.analyse.failedDescription'),
    variant: 'destructive',
  };
}

/**
 * POST /api/videos/upload with XMLHttpRequest (fetch cannot report upload progress). Rejects
 * with ApiError on a non-success answer, with a plain Error when the request never completed.
 */
export function uploadVideo(
  fields: readonly [string, string][],
  file: File,
  onProgress: (percent: number) => void,
): Promise<Video> {
  return uploadWithProgress<Video>(
    api.uploadVideo.path,
    fields,
    { field: VIDEO_UPLOAD.fileField, file },
    onProgress,
  );
}
