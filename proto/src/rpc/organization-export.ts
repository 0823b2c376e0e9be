import { z } from 'zod';
import { EXPORT_KINDS, RecordBatch, RecordCursor } from '../organization-export.js';
import { Actor, ORGANIZATION_ADMINS } from '../roles.js';
import { rpc } from '../rpc.js';

const batchRequest = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    actor: Actor,
    organizationId: z.number().int().positive(),
    kind: z.enum(kinds),
    after: RecordCursor.nullable(),
    limit: z.number().int().min(1).max(5000),
  });

/** The stored files below an organization that its export leaves out, as storage keys. */
const withheldFilesRequest = z.object({
  actor: Actor,
  organizationId: z.number().int().positive(),
});
const WithheldFiles = z.object({ keys: z.array(z.string()) });

/**
 * What the gateway asks for an organization's export: one batch of its records of one kind, from
 * the service that owns them, and (identity, video) the stored files to leave out, each service
 * naming the files of its own records.
 */
export const exportRpc = {
  /**
   * The storage keys below the organization that are not its to take away: the super
   * administrator's pictures, stored below the platform's organization they belong to.
   */
  identityWithheldFiles: rpc(
    'identity',
    'export.withheld-files',
    ORGANIZATION_ADMINS,
    withheldFilesRequest,
    WithheldFiles,
  ),
  /**
   * The storage keys below the organization of the super administrator's own reference photos
   * (face_enrolments of source 'reference'), stored below the platform's organization as their
   * enrolment rows are, which the export withholds as well.
   */
  videoWithheldFiles: rpc(
    'video',
    'export.withheld-files',
    ORGANIZATION_ADMINS,
    withheldFilesRequest,
    WithheldFiles,
  ),
  identityRecords: rpc(
    'identity',
    'export.records',
    ORGANIZATION_ADMINS,
    batchRequest(EXPORT_KINDS.identity),
    RecordBatch,
  ),
  libraryRecords: rpc(
    'library',
    'export.records',
    ORGANIZATION_ADMINS,
    batchRequest(EXPORT_KINDS.library),
    RecordBatch,
  ),
  observationRecords: rpc(
    'observation',
    'export.records',
    ORGANIZATION_ADMINS,
    batchRequest(EXPORT_KINDS.observation),
    RecordBatch,
  ),
  videoRecords: rpc(
    'video',
    'export.records',
    ORGANIZATION_ADMINS,
    batchRequest(EXPORT_KINDS.video),
    RecordBatch,
  ),
  integrationRecords: rpc(
    'integration',
    'export.records',
    ORGANIZATION_ADMINS,
    batchRequest(EXPORT_KINDS.integration),
    RecordBatch,
  ),
} as const;
