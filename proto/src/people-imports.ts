import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import type { UploadRule } from './http.js';
import { BodyRowId, RowId } from './row-id.js';

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

/**
 * Why a row of the file is refused, as identity writes it in the preview and on the row it keeps
 * (people_import_rows.reason): a stable code per sentence, in English as written, `{name}` for a
 * part filled in from the row (a cell, a limit, a row number). The row keeps the English (API
 * clients, rows from before); `peopleImportReasonOf` finds the code and parts of any stored
 * reason, and the web app and the rejected-rows CSV word the code in the reader's language, both
 * from the same tables (people-import-reasons-es.ts, -fr.ts). Codes are never renamed or reused.
 */
export const PEOPLE_IMPORT_REASONS = {
  email_missing: 'Email is missing.',
  email_too_long: 'Email is longer than {limit} characters.',
  email_invalid: '"{email}" is not a valid email address.',
  email_duplicate: 'Duplicate email: already on row {row}.',
  extra_cells: 'This row has more cells than the header.',
  name_missing: 'Name is missing.',
  name_too_long: 'Name is longer than {limit} characters.',
  super_admin_role: 'The super administrator role cannot be imported.',
  role_unknown: 'Unknown role "{role}" (admin, training supervisor, manager or operator).',
  job_functions_too_long: 'Job functions is longer than {limit} characters.',
  job_function_unknown: 'Unknown job function "{name}".',
  language_unknown: 'Unknown language "{language}" ({languages}).',
  time_zone_unknown: 'Unknown time zone "{timeZone}".',
  email_domain_of_another_organization: ERROR_TEXTS.email_domain_of_another_organization,
  email_of_another_organization: 'This email is already used by another organization.',
  super_admin_unchangeable: 'The super administrator cannot be changed by an import.',
  own_role_unchangeable: 'Your own role cannot be changed by an import.',
  /** Taken by someone else between the check and the insert (the apply's own refusal). */
  email_in_use: 'This email is already in use.',
} as const;

export type PeopleImportReasonCode = keyof typeof PEOPLE_IMPORT_REASONS;
export const PEOPLE_IMPORT_REASON_CODES = Object.keys(
  PEOPLE_IMPORT_REASONS,
) as PeopleImportReasonCode[];

/**
 * Parts that are numbers: the English groups their digits ('2,000'); the parts found in a reason
 * give them as plain digits, for each reader's own grouping ('2.000', '2 000').
 */
export const PEOPLE_IMPORT_NUMBER_PARTS: ReadonlySet<string> = new Set(['limit', 'row']);

/** A reason's text with its parts filled in (as written: '2,000' for a limit in English). */
export function peopleImportReason(
  code: PeopleImportReasonCode,
  parts: Record<string, string> = {},
): string {
  return PEOPLE_IMPORT_REASONS[code].replace(
    /\{(\w+)\}/g,
    (whole, name: string) => parts[name] ?? whole,
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a part that is not a cell can hold: a cell may hold anything, the product's own list of
 * languages cannot, so a language cell holding '" (' is still read as the cell.
 */
const PART_PATTERNS: Readonly<Record<string, string>> = {
  limit: '[\\d,]+',
  row: '\\d+',
  languages: '[\\w, -]+',
};

/** Each reason as a whole-text pattern, those without parts first (as failure reasons). */
const REASON_PATTERNS = [...PEOPLE_IMPORT_REASON_CODES]
  .sort(
    (a, b) =>
      Number(PEOPLE_IMPORT_REASONS[a].includes('{')) -
      Number(PEOPLE_IMPORT_REASONS[b].includes('{')),
  )
  .map((code) => ({
    code,
    pattern: new RegExp(
      `^${escaped(PEOPLE_IMPORT_REASONS[code]).replace(
        /\\\{(\w+)\\\}/g,
        (_part, name: string) => `(?<${name}>${PART_PATTERNS[name] ?? '.+?'})`,
      )}$`,
      's',
    ),
  }));

/** The code of a refused row's reason and its parts, or undefined for a text the table lacks. */
export function peopleImportReasonOf(
  reason: string,
): { code: PeopleImportReasonCode; params: Record<string, string> } | undefined {
  for (const { code, pattern } of REASON_PATTERNS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const params: Record<string, string> = { ...match.groups };
    for (const name of Object.keys(params))
      if (PEOPLE_IMPORT_NUMBER_PARTS.has(name)) params[name] = params[name]!.replace(/,/g, '');
    return { code, params };
  }
  return undefined;
}

export const PEOPLE_IMPORT_MESSAGES = {
  missing: ERROR_TEXTS.csv_required,
  notCsv: ERROR_TEXTS.csv_type,
  tooLarge: ERROR_TEXTS.csv_too_large,
  tooManyRows: 'The file has more than 100,000 rows. Split it into smaller files.',
  otherOrganization: PEOPLE_IMPORT_REASONS.email_of_another_organization,
  otherDomain: ERROR_TEXTS.email_domain_of_another_organization,
} as const;

/** Form fields before the file: the super administrator names the organization. */
export const PeopleImportUploadFields = z.object({
  organizationId: RowId.optional(),
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
  /** In English, as identity wrote it (a sentence of PEOPLE_IMPORT_REASONS). */
  reason: z.string(),
  /** The reason's code, for a client to word it in its reader's language (absent: unknown). */
  code: z.enum(PEOPLE_IMPORT_REASON_CODES).optional(),
  /** The parts filled into the reason, by name (numbers as plain digits). */
  params: z.record(z.string(), z.string()).optional(),
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
  importId: BodyRowId,
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

export const PeopleImportIdParams = z.object({ id: RowId });

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
