import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { LIBRARY_TEMPLATE } from '../test-support/library-database-template.js';
import { openLibraryDatabase } from '../database.js';
import { documentWork } from '../reporting/hub-activity.js';

/** Issue #35: the Hub's Recent Activity names documents processed. */
describe("the Hub's document events", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(LIBRARY_TEMPLATE);
    db = await openLibraryDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix, source_key,
         uploaded_by, processing_stage, processed, image_count, progress_updated_at)
       VALUES (1, 'Cooling', 'a.pdf', 1, 'p1', 's1', 1, 'done', true, 2, now() - interval '1 hour'),
              (1, 'Ovens', 'b.pdf', 1, 'p2', 's2', 1, 'extracting', false, 0, now()),
              (1, 'Knives', 'c.pdf', 1, 'p3', 's3', 1, 'done', true, 0, now() - interval '2 hours'),
              (2, 'Elsewhere', 'd.pdf', 1, 'p4', 's4', 1, 'done', true, 0, now())`,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const actor = (role: Actor['role']): Actor => ({ userId: 5, organizationId: 1, role });

  it("lists the organization's processed documents, newest first, for staff only", async () => {
    const events = await documentWork(db, actor('manager'), 10);
    expect(events.map((event) => [event.kind, event.title, event.detail])).toEqual([
      ['document_processed', '"Cooling" processed', 'Document ready to read, with 2 image(s)'],
      ['document_processed', '"Knives" processed', 'Document ready to read'],
    ]);
    // The web app words these in its reader's language.
    expect(events.map((event) => event.text)).toEqual([
      { key: 'documentProcessed', params: { title: 'Cooling', images: 2 } },
      { key: 'documentProcessed', params: { title: 'Knives', images: 0 } },
    ]);
    expect(await documentWork(db, actor('operator'), 10)).toEqual([]);
    expect((await documentWork(db, actor('super_admin'), 10)).map((e) => e.title)).toContain(
      '"Elsewhere" processed',
    );
  });
});
