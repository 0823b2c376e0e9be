import { z } from 'zod';
import { Actor } from '../roles.js';
import { rpc } from '../rpc.js';
import {
  PEOPLE_IMPORTERS,
  PeopleImportPreview,
  PeopleImportStatus,
  RefusedRow,
} from '../people-imports.js';

const ImportRef = z.object({ actor: Actor, importId: z.number().int() });

/** People imports live in identity, beside the invitations they send. */
export const peopleImportsRpc = {
  /** Reads the uploaded file (a key below the organization's folder) and checks every row. */
  preview: rpc(
    'identity',
    'peopleImports.preview',
    PEOPLE_IMPORTERS,
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
    PEOPLE_IMPORTERS,
    ImportRef.extend({ updateExisting: z.boolean() }),
    PeopleImportStatus,
  ),
  status: rpc('identity', 'peopleImports.status', PEOPLE_IMPORTERS, ImportRef, PeopleImportStatus),
  /** One page of the rows not imported, in file order (the report's CSV). */
  rejectedRows: rpc(
    'identity',
    'peopleImports.rejected',
    PEOPLE_IMPORTERS,
    ImportRef.extend({ afterRow: z.number().int(), limit: z.number().int().min(1).max(5000) }),
    z.object({ rows: z.array(RefusedRow) }),
  ),
} as const;
