import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  CERTIFICATION_TREND_MONTHS_AHEAD as AHEAD,
  CERTIFICATION_TREND_MONTHS_BACK as BACK,
} from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { CertificationMonths1767760000000 } from '../migrations/1767760000000-certification-months.js';
import { InsightPagesRepository } from './insight-pages.repository.js';
import { rerunBackfill } from '../test-support/rerun-backfill.js';

/** The months query before it counted each certification once: every month x every row. */
const EVERY_MONTH_BY_EVERY_ROW = `WITH months AS (
    SELECT m, m AT TIME ZONE 'UTC' AS starts, (m + interval '1 month') AT TIME ZONE 'UTC' AS ends
      FROM generate_series(
        date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${BACK} months',
        date_trunc('month', now() AT TIME ZONE 'UTC') + interval '${AHEAD} months',
        interval '1 month') m)
  SELECT to_char(m, 'YYYY-MM') AS month,
         count(c.id) FILTER (WHERE c.issued_at >= starts AND c.issued_at < ends)::int AS issued,
         count(c.id) FILTER (WHERE c.revoked_at IS NULL
           AND c.expires_at >= starts AND c.expires_at < ends)::int AS expiring,
         count(c.id) FILTER (WHERE c.revoked_at IS NULL AND c.expires_at < ends)::int AS overdue
    FROM months LEFT JOIN certifications c ON ($1::int IS NULL OR c.organization_id = $1)
   GROUP BY m ORDER BY m`;

/** certification_months as defined, from the certifications themselves. */
const MONTHS_DEFINED = `SELECT organization_id, month, sum(issued)::int AS issued,
    sum(expiring)::int AS expiring
  FROM (SELECT organization_id, date_trunc('month', issued_at AT TIME ZONE 'UTC') AS month,
               1 AS issued, 0 AS expiring FROM certifications
        UNION ALL
        SELECT organization_id, date_trunc('month', expires_at AT TIME ZONE 'UTC'), 0, 1
          FROM certifications WHERE revoked_at IS NULL) c
 GROUP BY 1, 2 ORDER BY 1, 2`;
const MONTHS_KEPT = `SELECT organization_id, month, issued, expiring FROM certification_months
 ORDER BY 1, 2`;

describe('certifications by month', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 5;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    // Around every month boundary from 30 months back to 30 ahead: a second before it, on it
    // and half a month after, expiring 0-14 months later; every third revoked; two organizations.
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code, revoked_at)
       SELECT $1 + n % 2, 1, 'Otto', 'sop', n, 'SOP', 12, at, at + make_interval(months => (n % 15)::int),
              'CODE' || n, CASE WHEN n % 3 = 0 THEN at END
         FROM (SELECT (row_number() OVER ())::int AS n, at FROM (
                 SELECT date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                          + make_interval(months => k) + shift AS at
                   FROM generate_series(-30, 30) k,
                        unnest(ARRAY[interval '-1 second', interval '0', interval '15 days']) shift
               ) boundaries) rows`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The kept months equal their definition, and the page joining every month to every row. */
  async function expectAsBefore() {
    expect(await db.query(MONTHS_KEPT)).toEqual(await db.query(MONTHS_DEFINED));
    const repository = new InsightPagesRepository(db);
    for (const scope of [ORG, ORG + 1, null]) {
      const expected = await db.query(EVERY_MONTH_BY_EVERY_ROW, [scope]);
      expect(expected).toHaveLength(BACK + AHEAD + 1);
      expect(await repository.certificationMonths(scope)).toEqual(expected);
    }
  }

  it('answers the same months as joining every month to every certification', async () => {
    await expectAsBefore();
  });

  it('counts the certifications there before the table (the backfill)', async () => {
    await rerunBackfill(db, new CertificationMonths1767760000000());
    await expectAsBefore();
  });

  it('keeps the months through each kind of write', async () => {
    const writes = [
      // One issued now, one renewed (both dates moved), one revoked, one reinstated.
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       VALUES (${ORG}, 2, 'Olga', 'sop', 1, 'SOP', 12, now(), now() + interval '12 months', 'NEW')`,
      `UPDATE certifications SET issued_at = now(), expires_at = now() + interval '12 months'
        WHERE subject_id = 7`,
      `UPDATE certifications SET revoked_at = now() WHERE subject_id = 8`,
      `UPDATE certifications SET revoked_at = NULL WHERE subject_id = 9`,
      // A column the months do not depend on; many rows' expiries at once; deletions.
      `UPDATE certifications SET notified_state = 'expired' WHERE expires_at < now()`,
      `UPDATE certifications SET expires_at = expires_at + interval '1 month' WHERE subject_id % 4 = 1`,
      `DELETE FROM certifications WHERE subject_id % 10 = 3`,
      `DELETE FROM certifications WHERE organization_id = ${ORG + 1}`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsBefore();
    }
  });
});
