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

/**
 * What the gateway asks for an organization's export: one batch of its records of one kind, from
 * the service that owns them, and (identity) the stored files to leave out.
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
    z.object({ actor: Actor, organizationId: z.number().int().positive() }),
    z.object({ keys: z.array(z.string()) }),
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
