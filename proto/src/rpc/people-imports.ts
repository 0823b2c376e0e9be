import { z } from 'zod';
import { Actor, ORGANIZATION_ADMINS } from '../roles.js';
import { rpc, FROM_ROUTES } from '../rpc.js';
import { PeopleImportPreview, PeopleImportStatus, RefusedRow } from '../people-imports.js';

const ImportRef = z.object({ actor: Actor, importId: z.number().int() });

/** People imports live in identity, beside the invitations they send. */
export const peopleImportsRpc = {
  /** Reads the uploaded file (a key below the organization's folder) and checks every row. */
  preview: rpc(
    'identity',
    'peopleImports.preview',
    ORGANIZATION_ADMINS,
    z.object({
      actor: Actor,
      organizationId: z.number().int(),
      key: z.string(),
      fileName: z.string(),
    }),
    PeopleImportPreview,
  ),
  apply: rpc(
    'identity',
    'peopleImports.apply',
    FROM_ROUTES,
    ImportRef.extend({ updateExisting: z.boolean() }),
    PeopleImportStatus,
  ),
  status: rpc('identity', 'peopleImports.status', FROM_ROUTES, ImportRef, PeopleImportStatus),
  /** One page of the rows not imported, in file order (the report's CSV). */
  rejectedRows: rpc(
    'identity',
    'peopleImports.rejected',
    ORGANIZATION_ADMINS,
    ImportRef.extend({ afterRow: z.number().int(), limit: z.number().int().min(1).max(5000) }),
    z.object({ rows: z.array(RefusedRow) }),
  ),
} as const;
