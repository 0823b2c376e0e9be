import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import type { UploadRule } from './http.js';

/** The largest file taken: 100,000 rows of a few cells fit well under it. */
export const PEOPLE_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PEOPLE_IMPORT_MAX_ROWS = 100_000;
/** Refused rows listed in a preview's answer (the counts cover every row). */
export const PEOPLE_IMPORT_PREVIEW_ROWS = 1000;
/** Cell limits, as the invitation form's and the database's. */
export const PEOPLE_IMPORT_LIMITS = {
  email: 254,
  name: 200,
  jobFunctions: 2000,
  language: 16,
  timeZone: 64,
} as const;
/** Several job functions in one cell: separated by any of these. */
export const JOB_FUNCTION_SEPARATORS = /[;|,]/;

export const PEOPLE_IMPORT_MESSAGES = {
  missing: ERROR_TEXTS.csv_required,
  notCsv: 'This file is not a CSV file. Save the spreadsheet as CSV (UTF-8) and try again.',
  tooLarge: ERROR_TEXTS.csv_too_large,
  tooManyRows: 'The file has more than 100,000 rows. Split it into smaller files.',
  otherOrganization: 'This email is already used by another organization.',
  otherDomain: ERROR_TEXTS.email_domain_of_another_organization,
} as const;

/** Form fields before the file: the super administrator names the organization. */
export const PeopleImportUploadFields = z.object({
  organizationId: z.coerce.number().int().positive().optional(),
});
export type PeopleImportUploadFields = z.infer<typeof PeopleImportUploadFields>;

export const PEOPLE_IMPORT_UPLOAD: UploadRule<typeof PeopleImportUploadFields> = {
  fileField: 'file',
  maxBytes: PEOPLE_IMPORT_MAX_BYTES,
  kinds: ['text'],
  fields: PeopleImportUploadFields,
  messages: {
    missing: PEOPLE_IMPORT_MESSAGES.missing,
    wrongKind: PEOPLE_IMPORT_MESSAGES.notCsv,
    tooLarge: PEOPLE_IMPORT_MESSAGES.tooLarge,
  },
};

export const RefusedRow = z.object({
  /** The row's line in the spreadsheet: the header is row 1. */
  row: z.number().int(),
  email: z.string(),
  reason: z.string(),
});
export type RefusedRow = z.infer<typeof RefusedRow>;

export const PeopleImportCounts = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  /** Members of the organization whom the file would change (updated only when asked). */
  existingChanged: z.number().int(),
  existingUnchanged: z.number().int(),
  refused: z.number().int(),
});
export type PeopleImportCounts = z.infer<typeof PeopleImportCounts>;

export const PeopleImportPreview = z.object({
  importId: z.number().int(),
  fileName: z.string(),
  counts: PeopleImportCounts,
  /** The first refused rows with their reasons (all of them are in the counts). */
  refusedRows: z.array(RefusedRow),
});
export type PeopleImportPreview = z.infer<typeof PeopleImportPreview>;

export const ApplyPeopleImportRequest = z.object({
  importId: z.number().int().positive(),
  updateExisting: z.boolean().default(false),
});
export type ApplyPeopleImportRequest = z.infer<typeof ApplyPeopleImportRequest>;

export const PEOPLE_IMPORT_STATES = ['previewed', 'queued', 'running', 'done', 'failed'] as const;

export const PeopleImportStatus = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  fileName: z.string(),
  state: z.enum(PEOPLE_IMPORT_STATES),
  updateExisting: z.boolean(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  invited: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PeopleImportStatus = z.infer<typeof PeopleImportStatus>;

export const PeopleImportIdParams = z.object({ id: z.coerce.number().int().positive() });

/** What the preview's figures become with the "update existing members" choice. */
export function importPlan(counts: PeopleImportCounts, updateExisting: boolean) {
  return {
    create: counts.create,
    update: updateExisting ? counts.existingChanged : 0,
    unchanged: counts.existingUnchanged + (updateExisting ? 0 : counts.existingChanged),
    refused: counts.refused,
  };
}

/** The people-import queue's one job: apply an import that was previewed. */
export const PeopleImportJob = z.object({
  importId: z.number().int(),
  /** 1 for the first Apply; each resume of a failed import runs as a round of its own. */
  round: z.number().int().positive().default(1),
});
export type PeopleImportJob = z.infer<typeof PeopleImportJob>;
