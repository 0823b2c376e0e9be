import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTestResources, type TestResources } from '@hub/testing';
import {
  Api,
  createOrganization,
  createPeople,
  observe,
  publishedSop,
  type PublishedSop,
} from '../e2e/records.js';
import { E2E_SUPER_ADMIN, type RunningStack } from '../e2e/stack.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';
import { preparePreviousRelease, type PreviousRelease } from './previous-release.js';

/**
 * An upgrade from the previous release (infra/release/previous-release.json) keeps everything:
 * that release, built from its own commit, runs on a fresh database and data folder and records
 * are written through its API; it stops, this checkout starts on the same database and files,
 * and every record reads back the same through the current API, every file byte for byte, the
 * old passwords still sign in, and each migration ran exactly once.
 */
const PASSWORD = 'Upgrade-Pass-123!';
const SCHEMAS = ['identity', 'library', 'observation', 'video', 'integration'];
/** Links carry fresh signatures and expiries on every answer; what they lead to is compared. */
const VOLATILE = /url$/i;

let release: PreviousRelease;
let resources: TestResources;
let dataDir: string;
let running: LaunchedStack | undefined;
let sop: PublishedSop;
const ids = { organization: 0, operator: 0, observation: 0 };

/** What a reader sees, before and after: lists and details across the services. */
const READS = (documentId: number, observationId: number) => [
  '/api/library/documents',
  `/api/library/documents/${documentId}`,
  `/api/library/documents/${documentId}/evaluation`,
  `/api/library/documents/${documentId}/versions`,
  '/api/library/folders',
  '/api/library/tags',
  `/api/observations/${observationId}`,
  '/api/training/courses',
  '/api/job-functions',
  '/api/floor/layout',
  '/api/team/members',
  '/api/certifications',
  '/api/user/preferences',
];

/**
 * Answers this release changes on purpose, each with its reason: the previous release's answer
 * passes through these before it is compared. Emptied once previous-release.json moves past the
 * release that made the change.
 */
const INTENDED_CHANGES: Record<string, (answer: unknown) => object> = {
  // Issue #46: a language nobody chose (Ada never saved preferences) is now "not chosen", null,
  // which follows the organization's default, else the browser's; the previous release answered
  // its only language. A stored choice is kept (its migration changes no row).
  // A date format nobody chose is "not chosen" too (5 Dec): dates follow the language's order,
  // where every reader had US order.
  '/api/user/preferences': (answer) => ({
    ...(answer as object),
    language: null,
    dateFormat: null,
  }),
  // Issue #49 item 7: the members come a page at a time with their total (100,000 people were
  // one 18 MiB answer); the previous release's list is this release's first page.
  '/api/team/members': (answer) => ({
    members: answer,
    total: (answer as unknown[]).length,
    page: 1,
  }),
};

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !VOLATILE.test(key))
      .map(([key, inner]) => [key, stable(inner)]),
  );
}

async function readEverything(api: Api) {
  const answers: Record<string, unknown> = {};
  for (const path of READS(sop.documentId, ids.observation)) {
    answers[path] = stable(await api.call('GET', path));
  }
  return answers;
}

async function fileDigests(stack: RunningStack, api: Api) {
  const { downloadUrl } = (await api.call(
    'GET',
    `/api/library/documents/${sop.documentId}/download-url`,
  )) as { downloadUrl: string };
  const pdf = await fetch(new URL(downloadUrl, stack.url), { headers: { cookie: api.cookie } });
  // The content itself: the answer around it may name more (its version, since 5 Dec).
  const { markdown, text } = (await api.call(
    'GET',
    `/api/library/documents/${sop.documentId}/markdown`,
  )) as { markdown: string; text: string };
  const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
  return {
    pdf: sha(new Uint8Array(await pdf.arrayBuffer())),
    markdown: sha(JSON.stringify({ markdown, text })),
  };
}

/** The records a new organization makes in its first week, through the release's own API. */
async function writeRecords(stack: RunningStack) {
  ids.organization = await createOrganization(stack, 'Upgrade Foods', 'upgrade.test');
  const people = await createPeople(
    stack,
    ids.organization,
    {
      admin: { name: 'Ada Admin', email: 'ada@upgrade.test', role: 'admin' },
      supervisor: {
        name: 'Sam Supervisor',
        email: 'sam@upgrade.test',
        role: 'training_supervisor',
      },
      operator: { name: 'Otto Operator', email: 'otto@upgrade.test', role: 'operator' },
    },
    PASSWORD,
  );
  ids.operator = people.operator;
  const admin = await new Api(stack).login('ada@upgrade.test', PASSWORD);
  await admin.call('POST', '/api/library/folders', { name: 'Kitchen' });
  sop = await publishedSop(stack, admin, 'Cooling cooked food', 'Food Safety, Kitchen');
  ids.observation = (await observe(admin, sop, ids.operator, () => true)).id;
  await admin.call('POST', '/api/training/courses', {
    title: 'Kitchen basics',
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds: [sop.documentId],
  });
  const pressSetter = await admin.call('POST', '/api/job-functions', { name: 'Press setter' });
  await admin.call('PUT', `/api/job-functions/${pressSetter.id as number}/members`, {
    userIds: [ids.operator],
  });
  const area = await admin.call('POST', '/api/floor/areas', { name: 'Line 1' });
  await admin.call('POST', `/api/floor/areas/${area.id as number}/stations`, { name: 'Station 1' });
  return admin;
}

async function migrationNames(stack: RunningStack) {
  const sql = new pg.Client({ connectionString: stack.resources.databaseUrl });
  await sql.connect();
  try {
    const names: Record<string, string[]> = {};
    for (const schema of SCHEMAS) {
      const { rows } = await sql.query<{ name: string }>(
        `SELECT name FROM ${schema}.migrations ORDER BY id`,
      );
      names[schema] = rows.map((row) => row.name);
    }
    return names;
  } finally {
    await sql.end();
  }
}

/** The migration files of this checkout, per service. */
function migrationFiles(schema: string) {
  const folder = join(import.meta.dirname, '..', 'services', schema, 'src', 'migrations');
  return readdirSync(folder).filter(
    (name) => /^\d+-.*\.ts$/.test(name) && !name.includes('.test.'),
  );
}

beforeAll(() => {
  release = preparePreviousRelease();
  resources = claimTestResources();
  dataDir = mkdtempSync(join(tmpdir(), 'upgrade-'));
}, 1_200_000);

afterAll(async () => {
  await running?.stop();
  await resources?.release();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('an upgrade from the previous release', () => {
  it('serves every record and file the previous release wrote, and migrates once', async () => {
    const env = { SERVE_WEB: 'false' };
    running = await launchStack(env, { root: release.root, resources, dataDir });
    const before = await (async () => {
      const admin = await writeRecords(running);
      return { reads: await readEverything(admin), files: await fileDigests(running, admin) };
    })();
    const migratedBefore = await migrationNames(running);
    await running.stop();

    running = await launchStack(env, { resources, dataDir });
    const admin = await new Api(running).login('ada@upgrade.test', PASSWORD);
    const after = await readEverything(admin);
    for (const [path, answer] of Object.entries(before.reads)) {
      const intended = INTENDED_CHANGES[path];
      const expected = intended ? intended(answer) : answer;
      expect(after[path], path).toMatchObject(expected as object);
    }
    expect(await fileDigests(running, admin)).toEqual(before.files);
    await new Api(running).login('otto@upgrade.test', PASSWORD);
    await new Api(running).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);

    const migratedAfter = await migrationNames(running);
    for (const schema of SCHEMAS) {
      const names = migratedAfter[schema]!;
      expect(new Set(names).size, `${schema}: a migration ran twice`).toBe(names.length);
      expect(names.slice(0, migratedBefore[schema]!.length)).toEqual(migratedBefore[schema]);
      expect(names.length, `${schema}: every migration file applied`).toBe(
        migrationFiles(schema).length,
      );
    }
  }, 900_000);
});
