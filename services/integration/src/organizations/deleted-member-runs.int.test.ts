import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { SnapshotRunsRepository } from '../snapshots/snapshot-runs.repository.js';
import { OrganizationsRepository } from './organizations.repository.js';

const ACME = 7;
const OTHER = 8;
const DELETED = 42;
const KEPT = 43;

let resources: TestResources;
let db: DataSource;

/** A run of the organization's camera, identified as showing `people`; answers its id. */
async function identifiedRun(organizationId: number, people: number[]): Promise<number> {
  const [row] = (await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
     SELECT gen_random_uuid()::text, $1, a.id, a.camera_id FROM camera_assignments a
      WHERE a.organization_id = $1 RETURNING id`,
    [organizationId],
  )) as { id: string }[];
  const runId = Number(row!.id);
  await new SnapshotRunsRepository(db).recordIdentified([
    {
      runId,
      facesDetected: people.length,
      people: people.map((userId) => ({ userId, confidence: 0.9 })),
    },
  ]);
  return runId;
}

const peopleSeen = async (runId: number) =>
  (
    (await db.query(`SELECT people_seen FROM snapshot_runs WHERE id = $1`, [runId])) as {
      people_seen: number;
    }[]
  )[0]?.people_seen;

const recorded = async (runId: number) =>
  (
    (await db.query(`SELECT count(*)::int AS n FROM presence_events WHERE snapshot_run_id = $1`, [
      runId,
    ])) as { n: number }[]
  )[0]?.n;

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  for (const organizationId of [ACME, OTHER])
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
       VALUES (1, $2, 'Camera', $1, 1)`,
      [organizationId, `cam-${organizationId}`],
    );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe("a member's deletion and the people seen of the runs that recorded them", () => {
  it('lowers the count of the runs whose events it deletes, once however often it is heard', async () => {
    const both = await identifiedRun(ACME, [DELETED, KEPT]);
    const othersOnly = await identifiedRun(ACME, [KEPT]);
    // The same person in another organization is no one this deletion removes.
    const elsewhere = await identifiedRun(OTHER, [DELETED, KEPT]);
    expect(await peopleSeen(both)).toBe(2);

    const organizations = new OrganizationsRepository(db);
    await organizations.deletePresenceOf(ACME, DELETED);
    expect(await peopleSeen(both)).toBe(1);
    expect(await recorded(both)).toBe(1);
    expect(await peopleSeen(othersOnly)).toBe(1);
    expect(await peopleSeen(elsewhere)).toBe(2);

    // Heard again (the bus delivers at least once): no event left, nothing lowered twice.
    await organizations.deletePresenceOf(ACME, DELETED);
    expect(await peopleSeen(both)).toBe(1);
    expect(await peopleSeen(elsewhere)).toBe(2);
  });
});
