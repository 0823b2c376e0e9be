import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { type Contract, expectError } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/**
 * Every list route pages with a cursor: walking the pages yields each row once, in order, with
 * the total of the whole list on each page, and only the caller's organization.
 */

let stack: TestStack;
let root: ApiSession;
let ann: ApiSession;
let gina: ApiSession;
let acme: number;
let globex: number;
let annId: number;

interface Page {
  totalCount: number;
  nextCursor: string | null;
  [key: string]: unknown;
}

/** Follows nextCursor from the first page to the last; returns the ids seen and the pages. */
async function walk(
  session: ApiSession,
  route: Contract,
  query: Record<string, string | number>,
  between?: () => Promise<void>,
) {
  const items = route.paged!.items;
  const ids: number[] = [];
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const answer = await session.call(route, {
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    // Parsed by the route's own schema; any paged route's answer has these fields.
    const page = answer as Page;
    pages.push(page);
    ids.push(...(page[items] as { id: number }[]).map((row) => row.id));
    cursor = page.nextCursor;
    if (between) await between();
  } while (cursor !== null && pages.length < 50);
  return { ids, pages };
}

const newestFirst = async (sql: string, params: unknown[]) =>
  (await stack.sql.query<{ id: number }>(sql, params)).rows.map((row) => row.id);

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  annId = await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');

  // 127 SOPs (the count that was cut at 100), three to a timestamp so ties need the id, and
  // the timestamps carry microseconds that a JavaScript Date would drop.
  await stack.sql.query(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix, source_key, uploaded_by, uploaded_at)
     SELECT $1, CASE WHEN i % 4 = 0 THEN 'Mixer cleaning ' || i ELSE 'Line check ' || i END, 'sop.pdf', 10, 'p/' || i, 'p/' || i || '/source.pdf', $2,
            timestamptz '2026-01-01 00:00:00.123456+00' + (i / 3) * interval '1.000001 second'
       FROM generate_series(1, 127) AS i`,
    [acme, annId],
  );
  await stack.sql.query(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix, source_key, uploaded_by)
     SELECT $1, 'Globex SOP ' || i, 'sop.pdf', 10, 'g/' || i, 'g/' || i || '/source.pdf', 1 FROM generate_series(1, 3) AS i`,
    [globex],
  );
  await stack.sql.query(
    `INSERT INTO video.videos (organization_id, title, file_name, file_size, storage_key, recorded_at, uploaded_by, uploaded_at)
     SELECT $1, 'Shift video ' || i, 'v.mp4', 10, 'videos/' || i, now(), $2,
            timestamptz '2026-02-01 00:00:00.654321+00' + (i / 2) * interval '1 millisecond'
       FROM generate_series(1, 61) AS i`,
    [acme, annId],
  );
  await stack.sql.query(
    `INSERT INTO observation.observations (organization_id, evaluation_id, document_id, evaluation_title, questions, operator_id, operator_name, observer_id, observer_name, pass_mark, started_at)
     SELECT $1, 1, 1, 'Line check ' || i, '[]'::jsonb, 1, 'Otto', $2, 'Ann', 75,
            timestamptz '2026-03-01 00:00:00+00' + (i / 4) * interval '1 minute'
       FROM generate_series(1, 33) AS i`,
    [acme, annId],
  );
  await stack.sql.query(
    `INSERT INTO identity.notifications (user_id, organization_id, type, title, message, read_at, created_at)
     SELECT $1, $2, 'info', 'Notice ' || i, 'Message ' || i, CASE WHEN i % 3 = 0 THEN now() END,
            timestamptz '2026-04-01 00:00:00+00' + (i / 5) * interval '1 second'
       FROM generate_series(1, 45) AS i`,
    [annId, acme],
  );
  await stack.sql.query(
    `INSERT INTO observation.courses (organization_id, title, description, category, duration, difficulty, created_by, created_at)
     SELECT $1, 'Course ' || i, '', 'Safety', '1h', 'Beginner', $2,
            timestamptz '2026-05-01 00:00:00+00' + (i / 2) * interval '1 second'
       FROM generate_series(1, 12) AS i`,
    [acme, annId],
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('cursor paging', () => {
  it('pages all 127 documents of an organization, each once, newest first', async () => {
    const expected = await newestFirst(
      `SELECT id FROM library.documents WHERE organization_id = $1 ORDER BY uploaded_at DESC, id DESC`,
      [acme],
    );
    const { ids, pages } = await walk(ann, api.documents, {
      limit: '50',
    });
    expect(ids).toEqual(expected);
    expect(pages.map((page) => (page.documents as unknown[]).length)).toEqual([50, 50, 27]);
    expect(pages.every((page) => page.totalCount === 127)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('neither repeats nor skips rows when a document arrives between pages', async () => {
    let added = false;
    const { ids, pages } = await walk(ann, api.documents, { limit: '40' }, async () => {
      if (added) return;
      added = true;
      await stack.sql.query(
        `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix, source_key, uploaded_by)
           VALUES ($1, 'Arrived meanwhile', 'sop.pdf', 10, 'late/', 'late/source.pdf', $2)`,
        [acme, annId],
      );
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(127);
    expect(pages.at(-1)!.totalCount).toBe(128);
  });

  it('pages search results by rank and keeps the total of the matches', async () => {
    const { ids, pages } = await walk(ann, api.documents, {
      search: 'mixer',
      limit: '7',
    });
    expect(new Set(ids).size).toBe(31);
    expect(pages.every((page) => page.totalCount === 31)).toBe(true);
  });

  it('keeps other organizations out of every page', async () => {
    const { ids, pages } = await walk(gina, api.documents, {
      limit: '2',
    });
    expect(ids).toHaveLength(3);
    expect(pages[0]!.totalCount).toBe(3);
    expect(await gina.call(api.videos)).toMatchObject({ totalCount: 0, nextCursor: null });
    expect(await gina.call(api.courses)).toMatchObject({ totalCount: 0 });
  });

  it('refuses a cursor it did not answer with a 400 naming it', async () => {
    const forged = Buffer.from('["not a time","1"]').toString('base64url');
    for (const cursor of ['%%%', 'bm9wZQ', forged]) {
      await expectError(ann.call(api.documents, { query: { cursor } }), 400);
    }
    const answer = await expectError(ann.call(api.videos, { query: { cursor: 'bm9wZQ' } }), 400);
    expect(answer.message).toMatch(/cursor/);
  });

  it('pages videos, observations, notifications, courses and users the same way', async () => {
    const videos = await walk(ann, api.videos, { limit: '25' });
    expect(videos.ids).toEqual(
      await newestFirst(
        `SELECT id FROM video.videos WHERE organization_id = $1 ORDER BY uploaded_at DESC, id DESC`,
        [acme],
      ),
    );
    expect(videos.pages.map((page) => page.totalCount)).toEqual([61, 61, 61]);

    const observations = await walk(ann, api.observations, { limit: '10' });
    expect(observations.ids).toEqual(
      await newestFirst(
        `SELECT id FROM observation.observations WHERE organization_id = $1 ORDER BY started_at DESC, id DESC`,
        [acme],
      ),
    );
    expect(observations.pages[0]).toMatchObject({ totalCount: 33, counters: { total: 33 } });

    const notifications = await walk(ann, api.notifications, { limit: '20' });
    expect(notifications.ids).toEqual(
      await newestFirst(
        `SELECT id FROM identity.notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [annId],
      ),
    );
    expect(notifications.pages[0]).toMatchObject({ totalCount: 45, unreadCount: 30 });

    const courses = await walk(ann, api.courses, { limit: '5' });
    expect(courses.ids).toEqual(
      await newestFirst(
        `SELECT id FROM observation.courses WHERE organization_id = $1 ORDER BY created_at DESC, id DESC`,
        [acme],
      ),
    );
    expect(courses.pages.map((page) => (page.courses as unknown[]).length)).toEqual([5, 5, 2]);

    const users = await walk(root, api.adminUsers, { limit: '2' });
    expect(users.ids).toEqual(
      await newestFirst(`SELECT id FROM identity.users ORDER BY created_at DESC, id DESC`, []),
    );
    expect(users.pages[0]!.totalCount).toBe(users.ids.length);
    const dataPanel = await root.call(api.dataPanelUsers, { query: { limit: 1 } });
    expect(dataPanel).toMatchObject({ totalCount: 3 });
  });

  it('finds the console’s users by a piece of name or email, of every organization, newest first', async () => {
    // More people than Recent Users shows, each older than the next: the search reaches the old.
    for (const [index, name] of ['Zoë Old_Timer', 'Zoe Newer', 'Ozzie 100% Sure'].entries()) {
      await stack.createUser({
        email: `z${index}@${index === 1 ? 'globex' : 'acme'}.test`,
        name,
        role: 'operator',
        organizationId: index === 1 ? globex : acme,
      });
    }
    const names = async (search: string, limit = 10) => {
      const page = await root.call(api.adminUsers, { query: { search, limit } });
      return { names: page.users.map((user) => user.name), total: page.totalCount };
    };
    // Name or email, any case, every organization; the newest first.
    expect(await names('ZO')).toEqual({ names: ['Zoe Newer', 'Zoë Old_Timer'], total: 2 });
    expect(await names('globex.test')).toMatchObject({ total: 2 });
    // The person's % and _ are themselves, not patterns.
    expect(await names('100%')).toEqual({ names: ['Ozzie 100% Sure'], total: 1 });
    expect(await names('d_t')).toEqual({ names: ['Zoë Old_Timer'], total: 1 });
    expect(await names('_')).toEqual({ names: ['Zoë Old_Timer'], total: 1 });
    expect(await names('nobody here')).toEqual({ names: [], total: 0 });
    // Paged like the whole list, the search kept on every page.
    const { ids, pages } = await walk(root, api.adminUsers, { search: '.test', limit: '2' });
    expect(ids).toEqual(
      await newestFirst(
        `SELECT id FROM identity.users WHERE email LIKE '%.test' ORDER BY created_at DESC, id DESC`,
        [],
      ),
    );
    expect(pages.every((page) => page.totalCount === ids.length)).toBe(true);
    // Only the super administrator lists the platform's users.
    await expectError(ann.call(api.adminUsers, { query: { search: 'zo' } }), 403);
  });
});
