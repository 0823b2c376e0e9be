import 'reflect-metadata';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { INTEGRATION_TEMPLATE } from '../test-support/integration-database-template.js';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIntegrationDatabase } from '../database.js';
import { FloorFigures } from './floor-figures.js';

let resources: TestResources;
let db: DataSource;
let figures: FloorFigures;
const ORG = 7;

/** A camera sighting of `personId` at `at` (an SQL instant expression). */
async function seenAt(personId: number, at: string) {
  await db.query(
    `INSERT INTO presence_events (organization_id, person_id, camera_id, seen_at, confidence)
     VALUES ($1, $2, 'cam-1', ${at}, 0.9)`,
    [ORG, personId],
  );
}

beforeAll(async () => {
  resources = await claimTemplateResources(INTEGRATION_TEMPLATE);
  db = await openIntegrationDatabase(resources.databaseUrl);
  figures = new FloorFigures(db);
  await seenAt(5, `'2026-06-14T23:30:00Z'`);
  // 23:30 UTC yesterday, by the database's clock: before today's 00:00 UTC, whenever this runs.
  await seenAt(
    6,
    `date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '30 minutes'`,
  );
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

describe("who a camera saw today: the organization's day", () => {
  it('counts from the day start the caller names (identity answers the zone)', async () => {
    // 23:30 UTC on the 14th: today in Auckland (its 15 June began at 12:00 UTC on the 14th),
    // yesterday in UTC.
    const auckland = new Date('2026-06-14T12:00:00Z');
    const utc = new Date('2026-06-15T00:00:00Z');
    expect(await figures.seenToday(ORG, [5], auckland)).toEqual([5]);
    expect(await figures.seenToday(ORG, [5], utc)).toEqual([]);
  });

  it('counts from 00:00 UTC when no day start is named (a caller of the previous release)', async () => {
    expect(await figures.seenToday(ORG, [6])).toEqual([]);
    const dayAndAHalfAgo = new Date(Date.now() - 36 * 3600_000);
    expect(await figures.seenToday(ORG, [6], dayAndAHalfAgo)).toEqual([6]);
  });
});
