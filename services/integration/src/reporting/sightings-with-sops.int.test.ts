import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { FloorFigures } from './floor-figures.js';

let resources: TestResources;
let db: DataSource;
const ORG = 7;

/** Someone the assignment's camera saw a minute ago, through a snapshot run of its own. */
async function seen(personId: number, assignmentId: number) {
  await db.query(
    `WITH run AS (
       INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, status)
       SELECT 'seen-' || $1::int || '-' || a.id, a.organization_id, a.id, a.camera_id, 'identified'
         FROM camera_assignments a WHERE a.id = $2
       RETURNING id, organization_id, camera_id)
     INSERT INTO presence_events (organization_id, person_id, camera_id, area_id, seen_at,
       confidence, snapshot_run_id)
     SELECT organization_id, $1::int, camera_id, NULL, now() - interval '1 minute', 0.9, id FROM run`,
    [personId, assignmentId],
  );
}

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  // Two camera systems of the organization, each with its own camera 'cam-1'. The second has
  // a type of its own only because the table takes one integration a type today.
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1),
            ('camera_cloud_2', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id,
       created_by, sop_ids)
     VALUES (1, 'cam-1', 'Press', $1, 1, '{11}'), (2, 'cam-1', 'Yard', $1, 1, '{}')`,
    [ORG],
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('sightings by cameras with SOPs', () => {
  it("belong to the camera of the sighting's own camera system", async () => {
    await seen(5, 1);
    await seen(6, 2);
    expect(await new FloorFigures(db).sightingsWithSops(ORG, 10, [])).toEqual([
      { person_id: 5, camera_name: 'Press', sop_ids: [11] },
    ]);
  });

  it('leave out the people named absent (suspended), and only them', async () => {
    await seen(7, 1);
    const figures = new FloorFigures(db);
    expect(await figures.sightingsWithSops(ORG, 10, [5])).toEqual([
      { person_id: 7, camera_name: 'Press', sop_ids: [11] },
    ]);
    expect((await figures.presence(ORG, 10, [5])).present).toBe(2);
    expect((await figures.recentPeople(ORG, 10)).sort()).toEqual([5, 6, 7]);
  });
});
