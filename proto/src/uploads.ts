import { ERROR_TEXTS } from './error-codes.js';
import type { UploadRule } from './http.js';
import { SetupPasswordRequest } from './accounts.js';
import {
  DOCUMENT_MAX_BYTES,
  DocumentUploadFields,
  DocumentVersionUploadFields,
} from './library.js';
import { VIDEO_KINDS, VIDEO_MAX_BYTES, VideoUploadFields } from './video.js';

/** File kinds recognised by their leading bytes. */
export const IMAGE_KINDS = ['jpeg', 'png', 'gif', 'webp', 'bmp'] as const;
export const PHOTO_KINDS = ['jpeg', 'png'] as const;

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const MIME_BY_KIND: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mpeg: 'video/mpeg',
  avi: 'video/x-msvideo',
  text: 'text/csv',
};

export const EXTENSION_BY_KIND: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  pdf: 'pdf',
  mp4: 'mp4',
  mov: 'mov',
  mpeg: 'mpeg',
  avi: 'avi',
  text: 'csv',
};

const tooLarge = ERROR_TEXTS.profile_picture_too_large;

export const PROFILE_PICTURE_UPLOAD: UploadRule = {
  fileField: 'profilePicture',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: IMAGE_KINDS,
  messages: {
    missing: ERROR_TEXTS.image_required,
    wrongKind: ERROR_TEXTS.image_required,
    tooLarge,
  },
};

export const INVITATION_PHOTO_UPLOAD: UploadRule<typeof SetupPasswordRequest> = {
  fileField: 'file',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: PHOTO_KINDS,
  fields: SetupPasswordRequest,
  messages: {
    missing: ERROR_TEXTS.setup_photo_required,
    wrongKind: ERROR_TEXTS.photo_type,
    tooLarge,
  },
};

export const DOCUMENT_UPLOAD: UploadRule<typeof DocumentUploadFields> = {
  fileField: 'file',
  maxBytes: DOCUMENT_MAX_BYTES,
  kinds: ['pdf'],
  fields: DocumentUploadFields,
  messages: {
    missing: ERROR_TEXTS.pdf_required,
    wrongKind: ERROR_TEXTS.pdf_required,
    tooLarge: ERROR_TEXTS.pdf_too_large,
  },
};

/** A new version of a document: the same checks as a first upload, with its change note. */
export const DOCUMENT_VERSION_UPLOAD: UploadRule<typeof DocumentVersionUploadFields> = {
  ...DOCUMENT_UPLOAD,
  fields: DocumentVersionUploadFields,
};

export const VIDEO_UPLOAD: UploadRule<typeof VideoUploadFields> = {
  fileField: 'file',
  maxBytes: VIDEO_MAX_BYTES,
  kinds: VIDEO_KINDS,
  fields: VideoUploadFields,
  messages: {
    missing: ERROR_TEXTS.video_required,
    wrongKind: ERROR_TEXTS.video_type,
    tooLarge: ERROR_TEXTS.video_too_large,
  },
};

/** A reference photo of a face, besides the profile picture (checked by the video worker). */
export const FACE_REFERENCE_UPLOAD: UploadRule = {
  fileField: 'photo',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: PHOTO_KINDS,
  messages: {
    missing: ERROR_TEXTS.face_photo_required,
    wrongKind: ERROR_TEXTS.face_photo_type,
    tooLarge: ERROR_TEXTS.face_photo_too_large,
  },
};
