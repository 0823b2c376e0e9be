import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  sessionZone,
  zonedDatabaseExpiringAroundTheWindow,
} from '../test-support/database-zone.js';
import { ReportsRepository } from './reports.repository.js';

const ORG = 94;

/**
 * Insights' upcoming goals list the certifications expiring soon: 30 days of 24 hours, as
 * certificationState counts them. `interval '30 days'` moved the session zone's calendar, an
 * hour short across a daylight-saving change on a server not set to UTC.
 */
describe("Insights' expiring certifications, whatever zone the database is set to", () => {
  const zoned = zonedDatabaseExpiringAroundTheWindow(ORG, 'REPZONE-');

  it('lists one expiring within 30 days of 24 hours across a daylight-saving change', async () => {
    expect(await sessionZone(zoned.db)).toMatch(/^<\+00>0<\+01>-1,/);
    const rows = await new ReportsRepository(zoned.db).expiringCertifications(ORG, 10);
    expect(rows.map((row) => row.title)).toEqual(['Inside']);
  });

  it("lists one expiring at the window's last moment, expiring soon as stateSql has it", async () => {
    // One transaction: its now() is one moment, so a row can expire exactly when the window ends.
    const runner = zoned.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(
        `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id,
           title, validity_months, issued_at, expires_at, verification_code)
         VALUES ($1, 3, 'Holder 3', 'sop', 4, 'At the end', 12, now() - interval '1 year',
                 now() + make_interval(hours => 30 * 24), 'REPZONE-3')`,
        [ORG],
      );
      const inTransaction = { query: runner.query.bind(runner) } as unknown as DataSource;
      const rows = await new ReportsRepository(inTransaction).expiringCertifications(ORG, 10);
      expect(rows.map((row) => row.title)).toEqual(['Inside', 'At the end']);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
