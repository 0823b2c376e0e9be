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

const tooLarge = 'Profile picture must be less than 5MB.';

export const PROFILE_PICTURE_UPLOAD: UploadRule = {
  fileField: 'profilePicture',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: IMAGE_KINDS,
  messages: {
    missing: 'Please select an image file.',
    wrongKind: 'Please select an image file.',
    tooLarge,
  },
};

export const INVITATION_PHOTO_UPLOAD: UploadRule<typeof SetupPasswordRequest> = {
  fileField: 'file',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: PHOTO_KINDS,
  fields: SetupPasswordRequest,
  messages: {
    missing: 'Please upload a profile picture to complete your account setup.',
    wrongKind: 'Please select a JPEG or PNG image.',
    tooLarge,
  },
};

export const DOCUMENT_UPLOAD: UploadRule<typeof DocumentUploadFields> = {
  fileField: 'file',
  maxBytes: DOCUMENT_MAX_BYTES,
  kinds: ['pdf'],
  fields: DocumentUploadFields,
  messages: {
    missing: 'Please select a PDF file to upload.',
    wrongKind: 'Please select a PDF file to upload.',
    tooLarge: 'The PDF is larger than 50 MB. Please upload a smaller file.',
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
    missing: 'Please select a video file to upload.',
    wrongKind: 'Please select a valid video file (MP4, MPEG, MOV, AVI).',
    tooLarge: 'Please select a video file smaller than 2GB.',
  },
};

/** A reference photo of a face, besides the profile picture (checked by the video worker). */
export const FACE_REFERENCE_UPLOAD: UploadRule = {
  fileField: 'photo',
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  kinds: PHOTO_KINDS,
  messages: {
    missing: 'Please select a photo of the face.',
    wrongKind: 'Please select a JPEG or PNG photo.',
    tooLarge: 'The photo must be less than 5MB.',
  },
};
