import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { AssignmentsRepository } from './assignments.repository.js';

let resources: TestResources;
let db: DataSource;
const ORG = 7;
/** A month of snapshots every minute is 43,200 runs a camera; a few thousand show the shape. */
const RUNS_EACH = 2000;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** The rows the statement read from snapshot_runs, by its plan as run. */
async function runsRead(sql: string, parameters?: unknown[]): Promise<number> {
  const [row] = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters)) as {
    'QUERY PLAN': { Plan: PlanNode }[];
  }[];
  const read = (node: PlanNode): number =>
    (node['Relation Name'] === 'snapshot_runs' ? node['Actual Rows'] * node['Actual Loops'] : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
  return read(row!['QUERY PLAN'][0]!.Plan);
}

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  for (const camera of ['cam-1', 'cam-2', 'cam-3'])
    await db.query(
      `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
       VALUES (1, $1, $1, $2, 1)`,
      [camera, ORG],
    );
  // Cameras 1 and 2 took snapshots for a while, the last of camera 2 failed; camera 3 took none.
  await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at, status,
       reason, people_seen, finished_at)
     SELECT 'tick:' || a || ':' || n, $1, a, 'cam-' || a, now() - make_interval(mins => $2 - n),
            CASE WHEN a = 2 AND n = $2 THEN 'failed' ELSE 'identified' END,
            CASE WHEN a = 2 AND n = $2 THEN 'unreachable' END, n % 3, now() - make_interval(mins => $2 - n)
       FROM generate_series(1, 2) a, generate_series(1, $2) n`,
    [ORG, RUNS_EACH],
  );
  await db.query(`ANALYZE snapshot_runs`);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe("cameras' latest snapshot runs", () => {
  it('reads the latest run of each camera, not every run kept', async () => {
    const statements: { sql: string; parameters?: unknown[] }[] = [];
    const watched = {
      query: (sql: string, parameters?: unknown[]) => {
        statements.push({ sql, parameters });
        return db.query(sql, parameters);
      },
    } as unknown as DataSource;
    const latest = await new AssignmentsRepository(watched).lastRuns([1, 2, 3]);
    expect([...latest.values()]).toEqual([
      {
        assignment_id: 1,
        status: 'identified',
        reason: null,
        people_seen: RUNS_EACH % 3,
        at: expect.any(Date),
      },
      {
        assignment_id: 2,
        status: 'failed',
        reason: 'unreachable',
        people_seen: RUNS_EACH % 3,
        at: expect.any(Date),
      },
    ]);
    // The Integrations page asks every 15 s while a camera takes snapshots.
    expect(statements).toHaveLength(1);
    expect(await runsRead(statements[0]!.sql, statements[0]!.parameters)).toBeLessThanOrEqual(3);
  });
});
