import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { videoWork } from '../reporting/hub-activity.js';

/** Issue #35: the Hub's Recent Activity names videos analysed. */
describe("the Hub's video events", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
         uploaded_by, analysis_status, detected_operators, identified_operators, analyzed_at)
       VALUES (1, 'Line 1', 'a.mp4', 1, 'k1', now(), 1, 'completed', 3, 2, now() - interval '1 hour'),
              (1, 'Line 2', 'b.mp4', 1, 'k2', now(), 1, 'processing', NULL, NULL, NULL),
              (2, 'Elsewhere', 'c.mp4', 1, 'k3', now(), 1, 'completed', 1, 1, now())`,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const actor = (role: Actor['role']): Actor => ({ userId: 5, organizationId: 1, role });

  it("lists the organization's analysed videos for staff only", async () => {
    expect(
      (await videoWork(db, actor('admin'), 10)).map((event) => [event.title, event.detail]),
    ).toEqual([['"Line 1" analysed', '2 of 3 operator(s) identified']]);
    // The web app words it in its reader's language.
    expect((await videoWork(db, actor('admin'), 10)).map((event) => event.text)).toEqual([
      { key: 'videoAnalysed', params: { title: 'Line 1', identified: 2, detected: 3 } },
    ]);
    expect(await videoWork(db, actor('operator'), 10)).toEqual([]);
    expect(await videoWork(db, actor('super_admin'), 10)).toHaveLength(2);
  });
});
