import 'reflect-metadata';
import { FAILURE_REASONS } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { FloorFigures } from './floor-figures.js';

let resources: TestResources;
let db: DataSource;
const ORG = 7;

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  // The camera system's connection test failed 5 minutes ago.
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by,
       last_test_status, last_test_message, last_tested_at)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1, 'failed', 'Sign-in refused',
       now() - interval '5 minutes')`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     VALUES (1, 'cam-1', 'Camera 1', $1, 1)`,
    [ORG],
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('unreachable cameras', () => {
  it('keeps a failed connection test newer than the last picture, identified late or not', async () => {
    // Its picture was taken 10 minutes ago, before the test failed; identified only now.
    await db.query(
      `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at,
         status, finished_at)
       VALUES ('late', $1, 1, 'cam-1', now() - interval '10 minutes', 'identified', now())`,
      [ORG],
    );
    expect(await new FloorFigures(db).unreachableCameras(ORG)).toEqual([
      {
        camera: 'Camera 1',
        message: `Camera 1 could not be reached: ${FAILURE_REASONS.camera_system_test_failed}`,
      },
    ]);
  });
});
