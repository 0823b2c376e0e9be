import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  CERTIFICATION_TREND_MONTHS_AHEAD as AHEAD,
  CERTIFICATION_TREND_MONTHS_BACK as BACK,
} from '@hub/proto';
import { claimTestResources, type TestResources } from '@hub/testing';
import { openObservationDatabase } from '../database.js';
import { InsightPagesRepository } from './insight-pages.repository.js';

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

describe('certifications by month', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 5;

  beforeAll(async () => {
    resources = claimTestResources();
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

  it('answers the same months as joining every month to every certification', async () => {
    const repository = new InsightPagesRepository(db);
    for (const scope of [ORG, ORG + 1, null]) {
      const expected = await db.query(EVERY_MONTH_BY_EVERY_ROW, [scope]);
      expect(expected).toHaveLength(BACK + AHEAD + 1);
      expect(await repository.certificationMonths(scope)).toEqual(expected);
    }
  });
});
