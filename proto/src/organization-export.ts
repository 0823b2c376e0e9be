import { z } from 'zod';
import { RowId } from './row-id.js';

/**
 * The kinds of records an organization's export holds, per service that owns them, in the
 * archive's order: one file `records/<service>/<kind>.json` each. Every table of a service is
 * read by one of its kinds or named, with why, in its `NOT_EXPORTED` list (the export's test
 * holds the two against the database). Secrets (password hashes, token hashes, webhook secrets,
 * sessions, credentials), face embeddings (numbers learned from pictures the archive holds) and
 * the super administrator's own rows and prompts are never among them.
 */
export const EXPORT_KINDS = {
  identity: [
    'organization',
    'members',
    'preferences',
    'notification-settings',
    'notifications',
    'sign-ins',
    'audit-log',
    'invitations',
    'saml-settings',
    'people-imports',
    'people-import-rows',
    'webhook-endpoints',
  ],
  library: [
    'folders',
    'tags',
    'documents',
    'document-tags',
    'document-versions',
    'document-images',
    'evaluations',
    'acknowledgements',
  ],
  observation: [
    'observations',
    'observation-responses',
    'findings',
    'courses',
    'course-sops',
    'enrollments',
    'certifications',
    'job-functions',
    'job-function-members',
    'job-function-sops',
    'recommendations',
    'observation-settings',
    'certification-settings',
    'sop-certification-validity',
    'reobservation-changes',
    'report-exports',
  ],
  video: [
    'videos',
    'video-sops',
    'face-enrolments',
    'face-reviews',
    'unknown-people',
    'unknown-faces',
  ],
  integration: [
    'areas',
    'stations',
    'camera-assignments',
    'presence-events',
    'sensor-readings',
    'floor-privacy',
  ],
} as const;
export type ExportService = keyof typeof EXPORT_KINDS;

/** Kinds a spreadsheet reads naturally: written as CSV beside their JSON. */
export const CSV_KINDS: readonly string[] = ['members', 'observations', 'certifications'];

/** Where a batch starts: the key of the last row of the batch before (keyset paging). */
export const RecordCursor = z.array(z.union([z.string().max(200), z.number()])).max(4);
export type RecordCursor = z.infer<typeof RecordCursor>;

export const RecordBatch = z.object({
  /**
   * The kind's columns, in its table's order: every row's keys, and a CSV's header even when the
   * kind has no rows.
   */
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** null once the last row was sent. */
  next: RecordCursor.nullable(),
});
export type RecordBatch = z.infer<typeof RecordBatch>;

export const OrganizationExportQuery = z.object({
  organizationId: RowId.optional(),
});
export type OrganizationExportQuery = z.infer<typeof OrganizationExportQuery>;

/** manifest.json, the archive's last entry: what it holds, to check it by. */
export const ExportManifest = z.object({
  format: z.literal('frontline-hub-organization-export/1'),
  productVersion: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  generatedAt: z.string(),
  records: z.record(z.string(), z.number().int()),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int(), sha256: z.string() })),
  /** Files listed when the export began and deleted before the zip reached them: left empty. */
  removedDuringExport: z.array(z.string()).optional(),
});
export type ExportManifest = z.infer<typeof ExportManifest>;
