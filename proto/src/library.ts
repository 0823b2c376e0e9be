import { z } from 'zod';
import { ERROR_TEXTS } from './error-codes.js';
import { PageCursor, PageInfo } from './paging.js';
import { plainText } from './text.js';
import { BodyRowId, RowId } from './row-id.js';

export const TAG_COLORS = [
  { name: 'Red', hex: '#ef4444' },
  { name: 'Orange', hex: '#f97316' },
  { name: 'Yellow', hex: '#eab308' },
  { name: 'Green', hex: '#22c55e' },
  { name: 'Blue', hex: '#3b82f6' },
  { name: 'Purple', hex: '#8b5cf6' },
  { name: 'Pink', hex: '#ec4899' },
  { name: 'Gray', hex: '#6b7280' },
] as const;

/** PDFs above this size are refused while the upload streams (state it in the upload dialog). */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

export const PROCESSING_STAGES = [
  'queued',
  'extracting',
  'ocr',
  'images',
  'generating_evaluation',
  'done',
  'failed',
] as const;
export const ProcessingStage = z.enum(PROCESSING_STAGES);
export type ProcessingStage = z.infer<typeof ProcessingStage>;

export const ProcessingProgress = z.object({
  stage: ProcessingStage,
  /** e.g. OCR page n of m; null when the stage has no count. */
  current: z.number().int().nullable(),
  total: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type ProcessingProgress = z.infer<typeof ProcessingProgress>;

export const Tag = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  documentCount: z.number().int(),
});
export type Tag = z.infer<typeof Tag>;

export const Folder = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parentFolderId: z.number().int().nullable(),
});
export type Folder = z.infer<typeof Folder>;

export const LibraryDocument = z.object({
  id: z.number().int(),
  _id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.number().int(),
  folderId: z.number().int().nullable(),
  tags: z.array(Tag.pick({ id: true, name: true, color: true })),
  processed: z.boolean(),
  markdownS3Key: z.string().nullable(),
  sopProcessed: z.boolean(),
  sopError: z.string().nullable(),
  ocrProcessed: z.boolean(),
  ocrError: z.string().nullable(),
  evaluationGenerated: z.boolean(),
  evaluationId: z.number().int().nullable(),
  /** 'published' enables Start Observation; null while no evaluation exists. */
  evaluationStatus: z.enum(['draft', 'published']).nullable(),
  evaluationGenerationError: z.string().nullable(),
  processingError: z.string().nullable(),
  imageCount: z.number().int(),
  quizGenerated: z.boolean(),
  quizId: z.number().int().nullable(),
  progress: ProcessingProgress,
  /** The version used everywhere (1 until a new version is uploaded). */
  currentVersion: z.number().int(),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

const optionalId = z
  .union([z.literal(''), z.literal('none'), RowId])
  .optional()
  .transform((value) => (typeof value === 'number' ? value : undefined));

/** The longest search the document list takes (the web app sends no more of what was typed). */
export const DOCUMENT_SEARCH_MAX_CHARS = 200;

export const DocumentListQuery = z.object({
  folderId: optionalId,
  /** Comma-joined tag ids; a document must carry every one. */
  tags: z
    .string()
    .max(2000)
    .optional()
    .transform((value, context) => {
      // Each id read as a path's (`Number` would take " 2" as 2 and "0x10" as 16).
      const parts = (value ?? '').split(',').filter(Boolean);
      const ids = parts.flatMap((part) => RowId.safeParse(part).data ?? []);
      if (ids.length !== parts.length) {
        context.addIssue({ code: 'custom', message: 'tags must be comma-separated tag ids' });
        return z.NEVER;
      }
      return ids;
    }),
  search: z.string().trim().max(DOCUMENT_SEARCH_MAX_CHARS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: PageCursor.optional(),
  sopProcessed: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

export const DocumentList = PageInfo.extend({ documents: z.array(LibraryDocument) });
export type DocumentList = z.infer<typeof DocumentList>;

/** The most tags one upload may name, and the longest tag name (the library's RPC takes no more). */
export const UPLOAD_MAX_TAGS = 50;
export const TAG_NAME_MAX_CHARS = 100;

/** Tags typed in the upload dialog: comma-separated names, or a JSON list of names. */
export function tagNamesOf(raw: string): string[] {
  const trimmed = plainText(raw).trim();
  if (trimmed.startsWith('[')) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      if (Array.isArray(list))
        return list
          .map(String)
          .map((name) => plainText(name).trim())
          .filter(Boolean);
    } catch {
      // Not JSON after all: read it as comma-separated names.
    }
  }
  return trimmed
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * Refuses, as the `tags` field with the rule broken (which the web app words in its reader's
 * language), names the library would refuse later under an internal field name.
 */
function checkTagNames(raw: string, context: z.RefinementCtx): void {
  const names = tagNamesOf(raw);
  if (names.length > UPLOAD_MAX_TAGS) {
    context.addIssue({
      code: 'too_big',
      origin: 'array',
      maximum: UPLOAD_MAX_TAGS,
      inclusive: true,
      input: names,
      message: `An upload can name at most ${UPLOAD_MAX_TAGS} tags.`,
    });
  }
  const long = names.find((name) => name.length > TAG_NAME_MAX_CHARS);
  if (long !== undefined) {
    context.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: TAG_NAME_MAX_CHARS,
      inclusive: true,
      input: long,
      message: `A tag name can have at most ${TAG_NAME_MAX_CHARS} characters.`,
    });
  }
}

/** Multipart fields of an upload, sent before the file. */
export const DocumentUploadFields = z.object({
  title: z.string().overwrite(plainText).trim().max(300).optional().default(''),
  description: z.string().trim().max(5000).optional().default(''),
  /** Comma-separated tag names (created when new) or a JSON list of names. */
  tags: z.string().max(2000).optional().default('').superRefine(checkTagNames),
  folderId: optionalId,
});
export type DocumentUploadFields = z.infer<typeof DocumentUploadFields>;

export const CreateFolderRequest = z.object({
  name: z
    .string({ error: 'Please enter a folder name.' })
    .overwrite(plainText)
    .trim()
    .min(1, 'Please enter a folder name.')
    .max(200),
  description: z.string().trim().max(2000).optional().nullable(),
  parentFolderId: BodyRowId.optional().nullable(),
});
export type CreateFolderRequest = z.infer<typeof CreateFolderRequest>;

export const CreateTagRequest = z.object({
  name: z
    .string({ error: 'Please enter a tag name.' })
    .overwrite(plainText)
    .trim()
    .min(1, 'Please enter a tag name.')
    .max(100),
  color: z
    .string({ error: 'Please select a color.' })
    .max(7, 'Please select a color.')
    .regex(/^#[0-9a-fA-F]{6}$/, 'Please select a color.'),
});
export type CreateTagRequest = z.infer<typeof CreateTagRequest>;

export const DocumentIdParams = z.object({ id: RowId });
export const DocumentImageParams = z.object({
  id: RowId,
  imgId: z
    .string()
    .max(9, 'Unknown image')
    .regex(/^img-\d{1,5}$/, 'Unknown image'),
});

export const SignedUrl = z.object({ url: z.string(), expiresAt: z.string() });
export const PresignedImage = z.object({ presignedUrl: z.string(), expiresAt: z.string() });
/**
 * An SOP's content and the version it is of: the document's own markdown is that of the version
 * processed last, an earlier one while a newer version is read or after its processing failed.
 */
export const DocumentMarkdown = z.object({
  version: z.number().int(),
  markdown: z.string(),
  text: z.string(),
});

/** How long a signed file link works. */
export const SIGNED_LINK_SECONDS = 300;
export type SignedUrl = z.infer<typeof SignedUrl>;
export type PresignedImage = z.infer<typeof PresignedImage>;
export type DocumentMarkdown = z.infer<typeof DocumentMarkdown>;

/** Multipart field of a new version, sent before the file. */
export const DocumentVersionUploadFields = z.object({
  changeNote: z
    .string({ error: 'Please describe what changed in this version.' })
    .trim()
    .min(1, 'Please describe what changed in this version.')
    .max(2000),
});
export type DocumentVersionUploadFields = z.infer<typeof DocumentVersionUploadFields>;

export const DocumentVersionParams = z.object({
  id: RowId,
  version: RowId,
});

/**
 * Where a version's own processing stands: a version replaced before its processing finished
 * is 'superseded' and has no content of its own.
 */
export const VERSION_STATES = ['processing', 'processed', 'failed', 'superseded'] as const;

export const DocumentVersion = z.object({
  version: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
  changeNote: z.string(),
  uploadedBy: z.number().int(),
  /** null when the uploader's account no longer exists. */
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
  current: z.boolean(),
  state: z.enum(VERSION_STATES),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

export const DocumentVersionList = z.object({
  documentId: z.number().int(),
  currentVersion: z.number().int(),
  /** Newest first. */
  versions: z.array(DocumentVersion),
});
export type DocumentVersionList = z.infer<typeof DocumentVersionList>;

export const VersionDiffQuery = z.object({
  from: RowId,
  to: RowId,
});
export type VersionDiffQuery = z.infer<typeof VersionDiffQuery>;

/** A run of words of a changed step: kept, added in the newer version, or removed from it. */
export const WordChange = z.object({
  change: z.enum(['same', 'added', 'removed']),
  text: z.string(),
});
export type WordChange = z.infer<typeof WordChange>;

export const DIFF_STATUSES = ['unchanged', 'added', 'removed', 'changed'] as const;

/** One heading, step (list item) or other block of text, compared between two versions. */
export const StepChange = z.object({
  kind: z.enum(['heading', 'step', 'text']),
  status: z.enum(DIFF_STATUSES),
  /** The heading the block sits under (in the newer version when it exists there). */
  section: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** For a changed block: its words, with what was added and removed marked. */
  words: z.array(WordChange).nullable(),
});
export type StepChange = z.infer<typeof StepChange>;

export const VersionDiff = z.object({
  documentId: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(StepChange),
  summary: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
});
export type VersionDiff = z.infer<typeof VersionDiff>;

/**
 * Where you stand with the current version of a document: asked to acknowledge it (you held a
 * certification on the SOP when it became current) and whether you did; with what changed since
 * the version before, so that operators, who cannot open the library, see what they confirm.
 */
export const VersionAcknowledgement = z.object({
  documentId: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  changeNote: z.string(),
  requestedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  mustAcknowledge: z.boolean(),
  /** null for a first version, or while the current version is still processed. */
  diff: VersionDiff.nullable(),
});
export type VersionAcknowledgement = z.infer<typeof VersionAcknowledgement>;

/**
 * The version the reader acknowledges, as the page they read showed it: a newer one uploaded
 * meanwhile is refused rather than acknowledged unread. Without it, the current version.
 */
export const AcknowledgeVersionRequest = z.object({
  version: z.number().int().positive().optional(),
});
export type AcknowledgeVersionRequest = z.infer<typeof AcknowledgeVersionRequest>;
export const ACKNOWLEDGED_VERSION_NOT_CURRENT = ERROR_TEXTS.acknowledged_version_not_current;
export const ACKNOWLEDGED_VERSION_PROCESSING = ERROR_TEXTS.acknowledged_version_processing;

/** Why an SOP is one of yours: a course you are enrolled in, a job function you hold, a certification. */
export const MY_SOP_REASONS = ['course', 'job_function', 'certification'] as const;
export const MySopReason = z.object({
  kind: z.enum(MY_SOP_REASONS),
  /** The course's, job function's or certification's id. */
  id: z.number().int(),
  name: z.string(),
});
export type MySopReason = z.infer<typeof MySopReason>;

/** One of your SOPs, as the Training Centre and the certifications page list it. */
export const MySop = z.object({
  documentId: z.number().int(),
  title: z.string(),
  version: z.number().int(),
  reasons: z.array(MySopReason),
  /** A new version waits for your acknowledgement. */
  mustAcknowledge: z.boolean(),
});
export type MySop = z.infer<typeof MySop>;
export const MySopList = z.object({ sops: z.array(MySop) });
export type MySopList = z.infer<typeof MySopList>;

/** The current version of one of your SOPs, read-only: its content and a PDF preview link. */
export const MySopView = MySop.extend({
  description: z.string().nullable(),
  changeNote: z.string(),
  markdown: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** A short-lived signed link to the current version's PDF. */
  pdf: SignedUrl,
});
export type MySopView = z.infer<typeof MySopView>;
