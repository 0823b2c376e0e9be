import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import type { IntegrationInboxMessage } from '@hub/proto';
import { openIntegrationDatabase } from '../database.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { createIntegrationInboxHandler } from './integration-inbox.js';
import { SnapshotRunsRepository } from './snapshot-runs.repository.js';

const ACME = 7;
const DELETED = 42;
const KEPT = 43;

let resources: TestResources;
let db: DataSource;

/** A run waiting for its snapshot's answer, as the snapshot taker leaves it. */
async function pendingRun(key: string): Promise<number> {
  const rows = (await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
     VALUES ($1, $2, 1, 'cam-1') RETURNING id`,
    [key, ACME],
  )) as { id: string }[];
  return Number(rows[0]!.id);
}

/** The video worker's answer: both people seen on the run's snapshot. */
const answered = (runId: number) =>
  ({
    data: {
      kind: 'snapshots.answered',
      organizationId: ACME,
      results: [
        {
          kind: 'snapshot.identified',
          runId,
          facesDetected: 2,
          people: [
            { userId: DELETED, confidence: 0.9 },
            { userId: KEPT, confidence: 0.8 },
          ],
        },
      ],
    },
    attemptsMade: 0,
    opts: { attempts: 3 },
  }) as Job<IntegrationInboxMessage>;

const presenceOf = async (runId: number) =>
  (
    (await db.query(
      `SELECT person_id FROM presence_events WHERE snapshot_run_id = $1 ORDER BY person_id`,
      [runId],
    )) as { person_id: number }[]
  ).map((row) => row.person_id);

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     VALUES (1, 'cam-1', 'Camera 1', $1, 1)`,
    [ACME],
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe('a snapshot answered after a person it shows was deleted', () => {
  it('records the others present, never the deleted person', async () => {
    const runId = await pendingRun('tick-1:1');
    // The person's deletion is handled (user.deleted) while the snapshot is being identified.
    await new OrganizationsRepository(db).deletePresenceOf(ACME, DELETED);
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), {
      remove: async () => undefined,
    });
    expect(await inbox(answered(runId))).toBe(1);
    expect(await presenceOf(runId)).toEqual([KEPT]);
    // Heard again (the bus delivers at least once), the deletion changes nothing more.
    await new OrganizationsRepository(db).deletePresenceOf(ACME, DELETED);
    expect(await presenceOf(runId)).toEqual([KEPT]);
  });

  it("counts in the run's people seen only the people it records", async () => {
    const runId = await pendingRun('tick-2:1');
    await new OrganizationsRepository(db).deletePresenceOf(ACME, DELETED);
    const inbox = createIntegrationInboxHandler(new SnapshotRunsRepository(db), {
      remove: async () => undefined,
    });
    expect(await inbox(answered(runId))).toBe(1);
    const [run] = (await db.query(
      `SELECT status, faces_detected, people_seen FROM snapshot_runs WHERE id = $1`,
      [runId],
    )) as unknown[];
    // Two faces were seen, but the deleted person is in no event and so in no count.
    expect(run).toEqual({ status: 'identified', faces_detected: 2, people_seen: 1 });
    expect(await presenceOf(runId)).toEqual([KEPT]);
  });
});
