import { ORGANIZATION_ADMINS } from '../roles.js';
import { z } from 'zod';
import { defineRoute } from '../http.js';
import { peopleImportsRpc } from '../rpc/people-imports.js';
import {
  ApplyPeopleImportRequest,
  PEOPLE_IMPORT_UPLOAD,
  PeopleImportIdParams,
  PeopleImportPreview,
  PeopleImportStatus,
} from '../people-imports.js';

export const peopleImportsRoutes = {
  previewPeopleImport: defineRoute({
    method: 'POST',
    path: '/api/people-imports/preview',
    summary:
      'Upload a CSV of people (field organizationId for the super administrator, then file; up to 10 MB, 100,000 rows) and check every row; nothing is written but the file',
    tag: 'people-imports',
    access: ORGANIZATION_ADMINS,
    response: PeopleImportPreview,
    upload: PEOPLE_IMPORT_UPLOAD,
  }),
  applyPeopleImport: defineRoute({
    method: 'POST',
    path: '/api/people-imports',
    summary:
      'Apply a previewed import in the background: pending members created and invited, job functions assigned; on a failed import, resume it where it stopped',
    tag: 'people-imports',
    access: ORGANIZATION_ADMINS,
    audit: 'people.import',
    auditBody: ['importId', 'updateExisting'],
    body: ApplyPeopleImportRequest,
    response: PeopleImportStatus,
    relay: { rpc: peopleImportsRpc.apply, request: ({ actor, body }) => ({ actor, ...body }) },
  }),
  peopleImport: defineRoute({
    method: 'GET',
    path: '/api/people-imports/:id',
    summary: "An import's progress and figures",
    tag: 'people-imports',
    access: ORGANIZATION_ADMINS,
    params: PeopleImportIdParams,
    response: PeopleImportStatus,
    relay: {
      rpc: peopleImportsRpc.status,
      request: ({ actor, params }) => ({ actor, importId: params.id }),
    },
  }),
  peopleImportRejectedCsv: defineRoute({
    method: 'GET',
    path: '/api/people-imports/:id/rejected.csv',
    summary: 'The rows an import did not import, with the reason of each (CSV)',
    tag: 'people-imports',
    access: ORGANIZATION_ADMINS,
    params: PeopleImportIdParams,
    response: z.string(),
  }),
} as const;
