import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import { PageInfo, pageQuery } from './paging.js';
import { Role } from './roles.js';
import { BodyRowId, RowId } from './row-id.js';

/** Rows per page of the skills matrix. */
export const SKILLS_MATRIX_PAGE_ROWS = 50;
/**
 * SOP columns per page of the skills matrix: an organization with 500 SOPs is shown 100 at a
 * time (the export has them all), so a page's cells stay bounded whatever the catalogue.
 */
export const SKILLS_MATRIX_PAGE_SOPS = 100;
/** Upper bounds that keep one request's work bounded. */
export const MAX_REQUIRED_SOPS = 200;
export const MAX_JOB_FUNCTION_MEMBERS = 10_000;
/**
 * Holders of a job function a page: the list carries each function's first page and their
 * count, the others come a page at a time (a function may be held by thousands).
 */
export const JOB_FUNCTION_MEMBERS_PAGE = 50;

export const RequiredSop = z.object({ documentId: z.number().int(), title: z.string() });
export type RequiredSop = z.infer<typeof RequiredSop>;

/** One person of a job function and how much of its required SOPs they hold certified. */
export const JobFunctionMember = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: Role,
  /** Required SOPs with an active or expiring certification. */
  certified: z.number().int(),
  required: z.number().int(),
  /** Percent of the required SOPs certified; null when the function requires none. */
  coverage: z.number().nullable(),
  /** The required SOPs not (or no longer) certified. */
  missingDocumentIds: z.array(z.number().int()),
});
export type JobFunctionMember = z.infer<typeof JobFunctionMember>;

export const JobFunction = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  requiredSops: z.array(RequiredSop),
  /** The first JOB_FUNCTION_MEMBERS_PAGE holders, by user id (the order their pages keep). */
  members: z.array(JobFunctionMember),
  /** Every holder, listed or not. */
  memberCount: z.number().int(),
  /** Where the next page of holders starts (jobFunctionMembers); null when these are all. */
  membersCursor: z.string().nullable(),
  /** Mean coverage of the counted holders, all of them; null without any or without SOPs. */
  coverage: z.number().nullable(),
});
export type JobFunction = z.infer<typeof JobFunction>;

/** Most people `among` names: a chooser's listed people (MEMBER_CHOICES on the web). */
export const MAX_JOB_FUNCTION_MEMBERS_AMONG = 200;

export const JobFunctionMemberPageQuery = pageQuery(JOB_FUNCTION_MEMBERS_PAGE, 200).extend({
  /** Only the holders among these people (comma-separated ids): which of a chooser's hold it. */
  among: z
    .string()
    .max(2500)
    .optional()
    .transform((value, context) => {
      const ids = (value ?? '').split(',').filter(Boolean).map(Number);
      const parsed = z.array(RowId).max(MAX_JOB_FUNCTION_MEMBERS_AMONG).safeParse(ids);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'among must be comma-separated user ids' });
        return z.NEVER;
      }
      return parsed.data.length ? parsed.data : undefined;
    }),
});
export type JobFunctionMemberPageQuery = z.infer<typeof JobFunctionMemberPageQuery>;

/** A page of a function's holders, by user id, after the cursor. */
export const JobFunctionMemberPage = PageInfo.extend({ members: z.array(JobFunctionMember) });
export type JobFunctionMemberPage = z.infer<typeof JobFunctionMemberPage>;

export const JobFunctionList = z.object({ jobFunctions: z.array(JobFunction) });
export type JobFunctionList = z.infer<typeof JobFunctionList>;

export const SaveJobFunctionRequest = z.object({
  name: z
    .string({ error: 'Please enter a job function name.' })
    .trim()
    .min(1, 'Please enter a job function name.')
    .max(120, 'A job function name has at most 120 characters.'),
  description: z.string().trim().max(1000).optional().default(''),
  documentIds: z
    .array(BodyRowId)
    .max(MAX_REQUIRED_SOPS, `A job function requires at most ${MAX_REQUIRED_SOPS} SOPs.`)
    .default([]),
});
export type SaveJobFunctionRequest = z.infer<typeof SaveJobFunctionRequest>;

export const SetJobFunctionMembersRequest = z.object({
  userIds: z.array(BodyRowId).max(MAX_JOB_FUNCTION_MEMBERS),
});
export type SetJobFunctionMembersRequest = z.infer<typeof SetJobFunctionMembersRequest>;

/** Holders to add and to remove, the others left as they are (a chooser showing some of them). */
export const ChangeJobFunctionMembersRequest = z.object({
  add: z.array(BodyRowId).max(MAX_JOB_FUNCTION_MEMBERS).default([]),
  remove: z.array(BodyRowId).max(MAX_JOB_FUNCTION_MEMBERS).default([]),
});
export type ChangeJobFunctionMembersRequest = z.infer<typeof ChangeJobFunctionMembersRequest>;

export const JOB_FUNCTION_NOT_FOUND = ERROR_TEXTS.job_function_not_found;
export const DUPLICATE_JOB_FUNCTION = ERROR_TEXTS.job_function_exists;
export const UNKNOWN_SOPS = 'Some of these SOPs are not processed SOPs of your organization.';
export const UNKNOWN_MEMBERS = 'Some of these people are not members of your organization.';

/**
 * A cell's level, from the person's latest observation of the SOP and their certification:
 * a valid certification reads certified (or expiring within 30 days); otherwise an attempt in
 * progress or failed, or a revoked certification, reads in training; a lapsed one, expired.
 * A certification in force whose SOP changed a safety-relevant section since reads needs
 * re-observation until the next pass (and counts as a gap where required).
 */
export const SKILL_LEVELS = [
  'not_trained',
  'in_training',
  'certified',
  'expiring',
  'expired',
  'needs_reobservation',
] as const;
export const SkillLevel = z.enum(SKILL_LEVELS);
export type SkillLevel = z.infer<typeof SkillLevel>;

export const SKILL_LEVEL_LABELS: Record<SkillLevel, string> = {
  not_trained: 'Not trained',
  in_training: 'In training',
  certified: 'Certified',
  expiring: 'Expiring',
  expired: 'Expired',
  needs_reobservation: 'Needs re-observation',
};

export const SkillCell = z.object({
  documentId: z.number().int(),
  level: SkillLevel,
  /** Score of the latest completed observation (percent); null when none is completed. */
  score: z.number().nullable(),
  /** When the latest observation completed (or started, while in progress). */
  date: z.string().nullable(),
  /** One of the person's job functions requires this SOP. */
  required: z.boolean(),
  /** Required and not certified (not trained, in training, expired or needs re-observation). */
  gap: z.boolean(),
});
export type SkillCell = z.infer<typeof SkillCell>;

export const SkillsMatrixRow = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: Role,
  department: z.string(),
  jobFunctions: z.array(z.string()),
  /** Over every SOP of the matrix, not only this page's columns. */
  gaps: z.number().int(),
  /**
   * Cells in the order of the page's SOPs. A person who neither holds, nor was ever observed
   * on, nor is required to know an SOP has a cell too (not trained): the matrix is complete.
   */
  cells: z.array(SkillCell),
});
export type SkillsMatrixRow = z.infer<typeof SkillsMatrixRow>;

export const SkillsMatrixSop = z.object({
  documentId: z.number().int(),
  title: z.string(),
  /** Gaps in this column over every row the filters select (not only this page). */
  gaps: z.number().int(),
});
export type SkillsMatrixSop = z.infer<typeof SkillsMatrixSop>;

export const SkillsMatrixQuery = z.object({
  jobFunctionId: RowId.optional(),
  /** The department, i.e. the role. */
  role: Role.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  /** The page of SOP columns (SKILLS_MATRIX_PAGE_SOPS a page, by title). */
  sopPage: z.coerce.number().int().min(1).default(1),
});
export type SkillsMatrixQuery = z.infer<typeof SkillsMatrixQuery>;

export const SkillsMatrix = z.object({
  sops: z.array(SkillsMatrixSop),
  rows: z.array(SkillsMatrixRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalRows: z.number().int(),
  totalPages: z.number().int(),
  /** This page's columns among every SOP of the matrix. */
  sopPage: z.number().int(),
  sopPageSize: z.number().int(),
  totalSops: z.number().int(),
  totalSopPages: z.number().int(),
  /** Gaps over every row the filters select and every SOP. */
  totalGaps: z.number().int(),
});
export type SkillsMatrix = z.infer<typeof SkillsMatrix>;

/**
 * One person's line of the skills-matrix CSV before its empty cells are written: most cells of
 * a large matrix are the same "not trained" text, so only the others are worked out and the
 * line writer copies the rest from one prepared row.
 */
export const SkillsMatrixCsvLine = z.object({
  /** The person's columns as CSV cells joined by commas, no line end. */
  person: z.string(),
  /** The SOP cells other than the batch's `emptyCell`, by column index ascending, as CSV cells. */
  cells: z.array(z.object({ column: z.number().int(), text: z.string() })),
});
export type SkillsMatrixCsvLine = z.infer<typeof SkillsMatrixCsvLine>;

/**
 * The skills-matrix CSV's chunk stream: this as JSON first, then each batch of people as a
 * JSON array of SkillsMatrixCsvLine, then the gaps line as the stream's trailer.
 */
export const SkillsMatrixCsvStart = z.object({
  /** The header line (RFC 4180, CRLF), in the reader's language. */
  header: z.string(),
  /** The CSV cell of an SOP without records, in the reader's language. */
  emptyCell: z.string(),
  /** SOP columns after the person's. */
  columns: z.number().int(),
});
export type SkillsMatrixCsvStart = z.infer<typeof SkillsMatrixCsvStart>;

/**
 * The answer of a CSV export's RPC: the call was checked and the service now writes the file
 * to the chunk stream the caller named (kit's chunk-stream.ts), which the gateway sends on.
 */
export const CsvStreamStarted = z.object({});
export type CsvStreamStarted = z.infer<typeof CsvStreamStarted>;

/** The chunk stream a CSV export is written to: the gateway names it, once per download. */
export const CsvStreamId = z.uuid();

/**
 * Cells of the skills-matrix CSV the gateway writes at once (about 12 bytes of text each): what
 * it holds of the written text, whatever the export's size.
 */
export const SKILLS_MATRIX_CSV_BATCH_CELLS = 64_000;
/**
 * People whose records are read at once (four set queries) for the skills-matrix CSV: one
 * chunk of its stream.
 */
export const SKILLS_MATRIX_CSV_MAX_BATCH_ROWS = 1000;

/** People whose lines the gateway writes at once, with this many SOP columns. */
export function skillsMatrixCsvBatchRows(sops: number): number {
  return Math.max(
    1,
    Math.min(
      SKILLS_MATRIX_CSV_MAX_BATCH_ROWS,
      Math.floor(SKILLS_MATRIX_CSV_BATCH_CELLS / Math.max(1, sops)),
    ),
  );
}
