import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, type CertificationList, CertificationListQuery } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import type { ObservationConfig } from '../config.js';
import { openObservationDatabase } from '../database.js';
import { CertificationsRepository } from './certifications.repository.js';
import { CertificationsService } from './certifications.service.js';

const ORG = 64;
const OLDER = 450;
/** The library's tags; identity knows no reader's zone (the month counted in UTC). */
const library = {
  call: (_contract: unknown, request: { documentIds?: number[] }) =>
    Promise.resolve(
      (request.documentIds ?? []).map((documentId) => ({ documentId, tags: ['Kitchen'] })),
    ),
} as unknown as RpcClient;
const staff: Actor = { userId: 1, organizationId: ORG, role: 'training_supervisor' };

/**
 * The page listed the 200 most recently issued and nothing told that more existed: at 100,000
 * people most certifications could not be reached but by a search.
 */
describe('paging certifications', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: CertificationsService;

  const page = (query: Record<string, string | number | undefined>) =>
    service.list(staff, CertificationListQuery.parse(query));

  /** Every page of a query, each asked after the cursor the one before answered. */
  async function everyPage(
    query: Record<string, string | number>,
    between: (read: CertificationList) => Promise<void> = async () => {},
  ) {
    const pages: CertificationList[] = [];
    let cursor: string | undefined;
    do {
      const read = await page({ ...query, cursor });
      pages.push(read);
      await between(read);
      cursor = read.nextCursor ?? undefined;
    } while (cursor && pages.length < 20);
    return pages;
  }

  const insert = (holder: string, userFrom: number, count: number, issuedAt: string) =>
    db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       SELECT $1, $2 + n, $3 || ' ' || n, 'sop', 4, 'Cooling', 12, ${issuedAt},
              now() + interval '200 days', 'PAGE-' || ($2 + n)
         FROM generate_series(1, $4::int) n`,
      [ORG, userFrom, holder, count],
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    service = new CertificationsService(
      new CertificationsRepository(db),
      library,
      { PUBLIC_URL: 'http://hub.test' } as ObservationConfig,
      {} as WebhookAnnouncer,
    );
    // 50 microseconds apart: a cursor rounded to the millisecond (a Date) would skip or repeat.
    await insert(
      'Otto',
      1000,
      OLDER,
      `now() - interval '1 day' - make_interval(secs => n / 20000.0)`,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('answers a page and the cursor after it, with how many there are in all', async () => {
    const first = await page({});
    expect(first.certifications).toHaveLength(200);
    expect(first.totalCount).toBe(OLDER);
    expect(first.nextCursor).toEqual(expect.any(String));
    // The first page is what the list answered before paging: the same fields, the same rows.
    expect(Object.keys(first).sort()).toEqual(
      ['categories', 'certifications', 'nextCursor', 'summary', 'totalCount'].sort(),
    );
    expect(first.summary.active).toBe(OLDER);
  });

  it('neither skips nor repeats a row when certifications are issued between the pages', async () => {
    let added = 0;
    const pages = await everyPage({}, async (read) => {
      // Newer ones (before every page read), and one as old as the last row read with a larger
      // id: it sorts before that row, among the pages already read.
      added += 1;
      await insert('New', 5000 + added * 10, 3, 'now()');
      const last = read.certifications.at(-1)!.id;
      await insert(
        'Tied',
        6000 + added * 10,
        1,
        `(SELECT issued_at FROM certifications WHERE id = ${last})`,
      );
    });
    const ids = pages.flatMap((read) => read.certifications.map((one) => one.id));
    const holders = pages.flatMap((read) => read.certifications.map((one) => one.holderName));
    expect(pages.map((read) => read.certifications.length)).toEqual([200, 200, 50]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(holders.filter((name) => name.startsWith('Otto'))).toHaveLength(OLDER);
    expect(holders.filter((name) => !name.startsWith('Otto'))).toEqual([]);
    const issued = pages.flatMap((read) => read.certifications.map((one) => one.issuedAt));
    expect(issued).toEqual([...issued].sort().reverse());
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages a search and a filter through every row they select', async () => {
    const pages = await everyPage({ search: 'otto 1', state: 'active', limit: 30 });
    const names = pages.flatMap((read) => read.certifications.map((one) => one.holderName));
    // Otto 1, 10-19, 100-199: 111 of them.
    expect(names).toHaveLength(111);
    expect(new Set(names).size).toBe(111);
    expect(names.every((name) => /^Otto 1\d*$/.test(name))).toBe(true);
    expect(pages.every((read) => read.totalCount === 111)).toBe(true);
  });

  it('refuses a cursor it did not answer', async () => {
    await expect(page({ cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      message: 'cursor must be a nextCursor this list answered',
    });
  });
});
