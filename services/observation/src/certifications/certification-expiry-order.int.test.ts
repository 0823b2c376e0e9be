import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { CertificationListQuery } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { inZone } from '../test-support/database-zone.js';
import { type CertificationPage, CertificationsRepository } from './certifications.repository.js';

const ORG = 93;

/**
 * The supervisors' expiry digest leads to the expiring-soon (or expired) list: newest issue
 * first put the certification that lapses tomorrow wherever its issue fell.
 */
describe('the expiring-soon and expired lists', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: CertificationsRepository;

  const page = (query: Record<string, string | number | undefined>) =>
    repository.list(ORG, CertificationListQuery.parse(query));

  /** Every page of a query, each after the cursor the one before answered. */
  async function everyPage(query: Record<string, string | number>) {
    const pages: CertificationPage[] = [];
    let cursor: string | undefined;
    do {
      const read = await page({ ...query, cursor });
      pages.push(read);
      cursor = read.nextCursor ?? undefined;
    } while (cursor && pages.length < 20);
    return pages;
  }

  const holders = (pages: CertificationPage[]) =>
    pages.flatMap((read) => read.rows.map((row) => row.holder_name));

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    // Not UTC: a key printed and read back in the session's zone must still name the same instant.
    db = await openObservationDatabase(inZone(resources.databaseUrl, 'America/Los_Angeles'));
    repository = new CertificationsRepository(db);
    // Soon n expires in (8 - n) days, (n = 3 and 4 the same instant), the latest expiry issued
    // first: newest issue first listed them latest expiry first. Late n expired (8 - n) days ago.
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1::int, n, 'Soon ' || n, 'sop', 4, 'Cooling', 12,
              now() - interval '300 days' + make_interval(days => 8 - n),
              date_trunc('second', now()) + make_interval(days => 8 - CASE n WHEN 4 THEN 3 ELSE n END, secs => 0.000123),
              'SOON-' || n
         FROM generate_series(1, 7) n
       UNION ALL
       SELECT $1, 100 + n, 'Late ' || n, 'sop', 4, 'Cooling', 12,
              now() - interval '400 days' + make_interval(days => n),
              now() - make_interval(days => 8 - n), 'LATE-' || n
         FROM generate_series(1, 5) n
       UNION ALL
       SELECT $1, 200 + n, 'Held ' || n, 'sop', 4, 'Cooling', 12,
              now() - make_interval(days => n), now() + interval '200 days' - make_interval(days => n),
              'HELD-' || n
         FROM generate_series(1, 3) n`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('lists expiring soon by expiry, soonest first, ties by id, across pages', async () => {
    const pages = await everyPage({ state: 'expiring_soon', limit: 2 });
    expect(holders(pages)).toEqual([
      'Soon 7',
      'Soon 6',
      'Soon 5',
      'Soon 3',
      'Soon 4',
      'Soon 2',
      'Soon 1',
    ]);
    expect(pages.map((read) => read.rows.length)).toEqual([2, 2, 2, 1]);
    expect(pages.every((read) => read.totalCount === 7)).toBe(true);
  });

  it('lists expired by expiry too, the one lapsed longest ago first', async () => {
    const pages = await everyPage({ state: 'expired', limit: 2 });
    expect(holders(pages)).toEqual(['Late 1', 'Late 2', 'Late 3', 'Late 4', 'Late 5']);
  });

  it('keeps the other lists newest issue first', async () => {
    expect(holders(await everyPage({ state: 'active', limit: 2 }))).toEqual([
      'Held 1',
      'Held 2',
      'Held 3',
    ]);
    const all = holders(await everyPage({ limit: 4 }));
    expect(all.slice(0, 3)).toEqual(['Held 1', 'Held 2', 'Held 3']);
    expect(all).toHaveLength(15);
  });

  it('refuses a cursor of the other order rather than page from the wrong row', async () => {
    const byIssue = (await page({ limit: 2 })).nextCursor!;
    const byExpiry = (await page({ state: 'expiring_soon', limit: 2 })).nextCursor!;
    const refused = { message: 'cursor must be a nextCursor this list answered' };
    await expect(page({ state: 'expiring_soon', limit: 2, cursor: byIssue })).rejects.toMatchObject(
      refused,
    );
    await expect(page({ limit: 2, cursor: byExpiry })).rejects.toMatchObject(refused);
  });
});
