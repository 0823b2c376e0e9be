import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { LIBRARY_TEMPLATE } from '../test-support/library-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import { openLibraryDatabase } from '../database.js';
import { DocumentEntity } from '../documents/document.entity.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { PdfProcessing } from '../processing/pdf-processing.js';
import { VersionsRepository } from './versions.repository.js';
import { VersionsService } from './versions.service.js';

const ACME = 1;
/** Acme's people; a few of them uploaded the document's versions. */
const PEOPLE = 100_000;
const VERSIONS = 1_500;
/** Version n was uploaded by person 1 + (n mod UPLOADERS): more than one batch of people. */
const UPLOADERS = 1_200;
/** An uploader who left Acme since: no name. */
const GONE = 1 + (7 % UPLOADERS);

/** A document's versions in a 100,000-person organization name their uploaders alone. */
describe('the versions of a document', () => {
  let resources: TestResources;
  let db: DataSource;
  let documentId: number;

  beforeAll(async () => {
    resources = await claimTemplateResources(LIBRARY_TEMPLATE);
    db = await openLibraryDatabase(resources.databaseUrl);
    const [document] = (await db.query(
      `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix,
         source_key, uploaded_by, current_version)
       VALUES ($1, 'Presses', 'p.pdf', 1, 'p', 's', 1, $2) RETURNING id`,
      [ACME, VERSIONS],
    )) as { id: number }[];
    documentId = document!.id;
    await db.query(
      `INSERT INTO document_versions (document_id, version, organization_id, file_name, file_size,
         storage_prefix, source_key, uploaded_by, processing_run)
       SELECT $1, n, $2, 'p.pdf', 1, 'p', 's' || n, 1 + n % $3, n
         FROM generate_series(1, $4::int) n`,
      [documentId, ACME, UPLOADERS, VERSIONS],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("asks identity for the uploaders' names alone, a batch at a time", async () => {
    const { rpc, everyoneAsked } = countingIdentity({ people: PEOPLE, gone: [GONE] });
    const document = await db.getRepository(DocumentEntity).findOneByOrFail({ id: documentId });
    const documents = { find: () => Promise.resolve(document) } as unknown as DocumentsService;
    const service = new VersionsService(
      new VersionsRepository(db),
      {} as ObjectStorage,
      documents,
      {} as PdfProcessing,
      rpc as unknown as RpcClient,
    );
    const actor: Actor = { userId: 1, organizationId: ACME, role: 'admin' };

    const { versions } = await service.list(actor, documentId);

    expect(everyoneAsked()).toEqual(Array.from({ length: UPLOADERS }, (_, index) => index + 1));
    expect(versions).toHaveLength(VERSIONS);
    const byVersion = new Map(versions.map((version) => [version.version, version]));
    expect(byVersion.get(UPLOADERS)).toMatchObject({ uploadedBy: 1, uploadedByName: 'P1' });
    expect(byVersion.get(5)).toMatchObject({ uploadedBy: 6, uploadedByName: 'P6' });
    expect(byVersion.get(7)).toMatchObject({ uploadedBy: GONE, uploadedByName: null });
  });
});
