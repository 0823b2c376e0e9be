import { describe, expect, it } from 'vitest';
import {
  sessionZone,
  zonedDatabaseExpiringAroundTheWindow,
} from '../test-support/database-zone.js';
import { RecommendationsRepository } from './recommendations.repository.js';

const ORG = 95;

/**
 * The "renew" recommendations read the certifications expiring soon: 30 days of 24 hours, as
 * certificationState counts them. `interval '30 days'` moved the session zone's calendar, an
 * hour short across a daylight-saving change on a server not set to UTC.
 */
describe("the recommendations' expiring certifications, whatever zone the database is set to", () => {
  const zoned = zonedDatabaseExpiringAroundTheWindow(ORG, 'RECZONE-');

  it('reads one expiring within 30 days of 24 hours across a daylight-saving change', async () => {
    expect(await sessionZone(zoned.db)).toMatch(/^<\+00>0<\+01>-1,/);
    const rows = await new RecommendationsRepository(zoned.db).expiringCertifications(ORG);
    expect(rows.map((row) => row.title)).toEqual(['Inside']);
  });
});
