import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import {
  expiringAroundTheWindow,
  inZone,
  sessionZone,
  zoneSpringingForwardSoon,
} from '../test-support/database-zone.js';
import { RecommendationsRepository } from './recommendations.repository.js';

const ORG = 95;

/**
 * The "renew" recommendations read the certifications expiring soon: 30 days of 24 hours, as
 * certificationState counts them. `interval '30 days'` moved the session zone's calendar, an
 * hour short across a daylight-saving change on a server not set to UTC.
 */
describe("the recommendations' expiring certifications, whatever zone the database is set to", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = claimTestResources();
    db = await openObservationDatabase(
      inZone(resources.databaseUrl, zoneSpringingForwardSoon(new Date())),
    );
    await expiringAroundTheWindow(
      db,
      ORG,
      (holder) => (holder === 1 ? 'Inside' : 'Past'),
      'RECZONE-',
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('reads one expiring within 30 days of 24 hours across a daylight-saving change', async () => {
    expect(await sessionZone(db)).toMatch(/^<\+00>0<\+01>-1,/);
    const rows = await new RecommendationsRepository(db).expiringCertifications(ORG);
    expect(rows.map((row) => row.title)).toEqual(['Inside']);
  });
});
