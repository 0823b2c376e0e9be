import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claimTestResources, type TestResources } from '@hub/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  createOrganization,
  createPeople,
  observe,
  PROCESSING_TIMEOUT,
  publishedSop,
  waitFor,
} from '../e2e/records.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';
import { coolingSopPdf, paperPdf, testVideo, uploadDocument, uploadVideo } from './uploads.js';

/**
 * The restore drill: records in every service made through the API, `npm run backup` while the
 * product serves, the schemas and the files destroyed, `npm run restore` into the emptied
 * stack; every table's rows (count and digest of the ordered rows), every sequence and every
 * file's SHA-256 are as they were, and the product started again serves them: sign-in, the
 * certificate's public verification code, the pictures; a document that was mid-processing is
 * failed with a Retry, which works.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const FACES = fileURLToPath(new URL('../../shared/fixtures/faces/', import.meta.url));
const PASSWORD = 'Drill-Pass-1!';
/** The video worker loads its face model on its first job, on a machine shared with the others. */
const VIDEO_TIMEOUT = 300_000;
const DOMAIN = `drill-${Date.now()}.test`;
const PEOPLE = {
  ada: { name: 'Ada Admin', email: `ada@${DOMAIN}`, role: 'admin' },
  sam: { name: 'Sam Supervisor', email: `sam@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
};

let resources: TestResources;
let dataDir: string;
let stack: LaunchedStack | undefined;
let sql: pg.Client;
let archive: string;
const made = {
  ids: {} as Record<keyof typeof PEOPLE, number>,
  paperId: 0,
  videoId: 0,
  certificationId: 0,
  code: '',
  pictureSha: '',
};

type Fingerprint = Record<string, string>;

/** Every table of every service schema: row count and the md5 of its rows in order; every sequence. */
async function databaseFingerprint(): Promise<Fingerprint> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN (
        SELECT table_schema FROM information_schema.tables WHERE table_name = 'migrations')
      ORDER BY 1`,
  );
  const fingerprint: Fingerprint = {};
  for (const { name } of tables) {
    // Progress times aside: a restore dates back those of work that was mid-way.
    const { rows } = await sql.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n,
              md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS digest
         FROM (SELECT to_jsonb(t) - 'progress_updated_at' AS r FROM ${name} t) rows`,
    );
    fingerprint[name] = `${rows[0]!.n} rows, md5 ${rows[0]!.digest}`;
  }
  const { rows: sequences } = await sql.query<{ name: string; value: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, 0)::text AS value
       FROM pg_sequences WHERE schemaname IN (
         SELECT table_schema FROM information_schema.tables WHERE table_name = 'migrations')`,
  );
  for (const { name, value } of sequences) fingerprint[`sequence ${name}`] = value;
  return fingerprint;
}

/** Every stored file's SHA-256, by its path below DATA_DIR/objects. */
function filesFingerprint(): Fingerprint {
  const root = join(dataDir, 'objects');
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  const fingerprint: Fingerprint = {};
  for (const entry of entries.filter((each) => each.isFile())) {
    const path = join(entry.parentPath, entry.name);
    fingerprint[relative(root, path)] = createHash('sha256')
      .update(readFileSync(path))
      .digest('hex');
  }
  return Object.fromEntries(Object.entries(fingerprint).sort());
}

/** `npm run backup` / `npm run restore` as an operator runs them, with the product's variables. */
function command(script: 'backup' | 'restore', args: string[]) {
  const run = spawnSync(process.execPath, [join(repoRoot, `infra/backup/${script}.mjs`), ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: resources.databaseUrl,
      DATA_DIR: dataDir,
      REDIS_PREFIX: resources.redisPrefix,
    },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function upload(api: Api, path: string, field: string, file: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(readFileSync(join(FACES, file)))]), 'face.png');
  const response = await fetch(`${stack!.url}${path}`, {
    method: 'POST',
    headers: { cookie: api.cookie },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const sha256 = async (response: Response) =>
  createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');

/** Records in every service, through the API as people make them. */
async function makeRecords() {
  const organizationId = await createOrganization(stack!, `Drill ${DOMAIN}`, DOMAIN);
  made.ids = await createPeople(stack!, organizationId, PEOPLE, PASSWORD);
  const sam = await new Api(stack!).login(PEOPLE.sam.email, PASSWORD);
  const otto = await new Api(stack!).login(PEOPLE.otto.email, PASSWORD);

  // Video: uploaded first, as its analysis waits for the face enrolments pending in its organization.
  made.videoId = await uploadVideo(stack!, sam, 'Drill shift', testVideo(3));
  await sam.call('POST', `/api/videos/${made.videoId}/analyze`, { linkedSOPs: [] });

  // Identity and video: a profile picture and a face reference.
  const picture = await upload(
    otto,
    '/api/user/profile-picture-upload',
    'profilePicture',
    'amy/amy1.png',
  );
  await otto.call('PUT', '/api/user/profile-picture', { fileName: picture.fileName });
  await upload(otto, '/api/user/face-references', 'photo', 'amy/amy2.png');

  // Library: an SOP with its evaluation published; a paper with images, then a new version.
  const sop = await publishedSop(stack!, sam, 'Drill cooling', 'Safety');
  made.paperId = await uploadDocument(stack!, sam, 'Drill paper', paperPdf());
  const processed = async (version: number) => {
    const document = await sam.call('GET', `/api/library/documents/${made.paperId}`);
    return document.currentVersion === version && document.progress.stage === 'done';
  };
  await waitFor(() => processed(1), PROCESSING_TIMEOUT);
  const form = new FormData();
  form.append('changeNote', 'Shorter, as the drill needs');
  form.append(
    'file',
    new Blob([new Uint8Array(coolingSopPdf())], { type: 'application/pdf' }),
    'v2.pdf',
  );
  const versioned = await fetch(`${stack!.url}/api/library/documents/${made.paperId}/versions`, {
    method: 'POST',
    headers: { cookie: sam.cookie },
    body: form,
  });
  expect(versioned.status, await versioned.clone().text()).toBeLessThan(300);
  await waitFor(() => processed(2), PROCESSING_TIMEOUT);

  // Observation and certification: a pass certifies Otto.
  expect(await observe(sam, sop, made.ids.otto, () => true)).toMatchObject({ passed: true });
  await waitFor(
    async () => (await sam.call('GET', '/api/certifications')).certifications.length > 0,
    PROCESSING_TIMEOUT,
  );
  const [certification] = (await sam.call('GET', '/api/certifications')).certifications;
  made.certificationId = certification.id;
  made.code = certification.verificationCode;

  // The video, analysed while the library worked.
  let video: Record<string, unknown> = {};
  const analysed = waitFor(async () => {
    video = await sam.call('GET', `/api/videos/${made.videoId}`);
    return video.analysisStatus === 'completed';
  }, VIDEO_TIMEOUT);
  await analysed.catch((error: unknown) => {
    throw new Error(`${String(error)}: ${JSON.stringify(video)}\n${stack!.tail()}`);
  });
  made.pictureSha = await sha256(
    await fetch(`${stack!.url}/api/users/${made.ids.otto}/profile-picture`, {
      headers: { cookie: sam.cookie },
    }),
  );
}

beforeAll(async () => {
  resources = claimTestResources();
  dataDir = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  archive = join(dataDir, '..', `${dataDir.split('/').pop()}.tar`);
  sql = new pg.Client({ connectionString: resources.databaseUrl });
  stack = await launchStack({}, { resources, dataDir });
  await sql.connect();
  await makeRecords();
}, 900_000);

afterAll(async () => {
  await stack?.stop();
  await sql?.end().catch(() => undefined);
  await resources?.release();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(archive, { force: true });
});

describe('the restore drill', () => {
  let database: Fingerprint;
  let files: Fingerprint;

  it('backs up while the product serves, and refuses to restore over data', async () => {
    // A document mid-processing at the time of the backup (its job is in Redis, not in a backup).
    await sql.query(
      `UPDATE library.documents SET processing_stage = 'ocr', progress_updated_at = now() WHERE id = $1`,
      [made.paperId],
    );
    const backup = command('backup', ['--output', archive]);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(
      /Backup written to .*: [\d.]+ (KiB|MiB), \d+ rows in \d+ schemas, \d+ files, in [\d.]+ s/,
    );
    await stack!.stop();
    stack = undefined;
    database = await databaseFingerprint();
    files = filesFingerprint();
    for (const table of ['identity.users', 'library.documents', 'video.videos']) {
      expect(database[table]).not.toMatch(/^0 rows/);
    }
    expect(
      Object.keys(database).filter((table) =>
        /notification|audit|certification|observation/.test(table),
      ).length,
    ).toBeGreaterThan(3);
    expect(Object.keys(files).length).toBeGreaterThan(5);

    const refused = command('restore', [archive]);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/already holds data, so nothing was restored/);
  }, 300_000);

  it('restores every row and file after the schemas and the files are destroyed', async () => {
    for (const schema of ['identity', 'library', 'observation', 'video', 'integration']) {
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
    rmSync(join(dataDir, 'objects'), { recursive: true, force: true });

    const restored = command('restore', [archive]);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain('1 documents and 0 videos were being processed');
    // Every session ends with a restore (one revoked since the backup must not come back).
    const { 'identity.sessions': sessions, ...rest } = database;
    expect(sessions).not.toMatch(/^0 rows/);
    expect(await databaseFingerprint()).toEqual({
      ...rest,
      'identity.sessions': `0 rows, md5 ${createHash('md5').update('').digest('hex')}`,
    });
    expect(filesFingerprint()).toEqual(files);
  }, 300_000);

  it('serves the restored records once started again: sign-in, pictures, the certificate', async () => {
    stack = await launchStack({}, { resources, dataDir });
    const sam = await new Api(stack).login(PEOPLE.sam.email, PASSWORD);
    const paper = await sam.call('GET', `/api/library/documents/${made.paperId}`);
    expect(paper).toMatchObject({ currentVersion: 2, imageCount: expect.any(Number) });
    expect((await sam.call('GET', `/api/videos/${made.videoId}`)).analysisStatus).toBe('completed');
    const picture = await fetch(`${stack.url}/api/users/${made.ids.otto}/profile-picture`, {
      headers: { cookie: sam.cookie },
    });
    expect(await sha256(picture)).toBe(made.pictureSha);
    const pdf = await fetch(
      `${stack.url}/api/certifications/${made.certificationId}/certificate.pdf`,
      {
        headers: { cookie: sam.cookie },
      },
    );
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const verified = await fetch(`${stack.url}/api/certifications/verify/${made.code}`);
    expect(await verified.json()).toMatchObject({ valid: true, holderName: 'Otto Operator' });

    // The document that was mid-processing: failed by the stall sweeper, and retried.
    let stalled: { progress: { stage: string }; processingError: string | null } | undefined;
    await waitFor(async () => {
      stalled = await sam.call('GET', `/api/library/documents/${made.paperId}`);
      return stalled?.progress.stage === 'failed';
    }, PROCESSING_TIMEOUT);
    expect(stalled?.processingError).toMatch(/stopped unexpectedly.*Press Retry/);
    await sam.call('POST', `/api/library/documents/${made.paperId}/retry`);
    await waitFor(
      async () =>
        (await sam.call('GET', `/api/library/documents/${made.paperId}`)).progress.stage === 'done',
      PROCESSING_TIMEOUT,
    );
  }, 600_000);
});
