import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '@hub/kit';
import { api, QUEUES, STORAGE_FULL, STORAGE_UNAVAILABLE } from '@hub/proto';
import { freePort } from '@hub/testing';
import { sopPdf } from './sop-pdf.js';
import { ApiSession, fixture, startTestStack, type TestStack } from './test-stack.js';
import { stillsVideo } from './stills-video.js';
import { type RunningWorkers, startDocumentWorkers, startVideoWorkers } from './test-workers.js';

// A job the store refused runs again this soon (15 s by default), so the suite need not wait.
process.env.JOB_STORAGE_RETRY_MS = '300';

/*
 * Storage faults lose nothing (issue #47, item 6): with the object store full (a small tmpfs,
 * really full) or unreachable (S3 stopped, a disk gone read-only), an upload of an SOP PDF, a
 * video or a profile picture answers 507 or 503 with a sentence a person understands; no row
 * names a file that is not stored and no partial file stays; what is stored is still served;
 * and once the store is back the same uploads succeed, without restarting anything.
 *
 * The local disk's small filesystem is a tmpfs mount (`mount -t tmpfs -o size=4m`), which needs
 * root, as the project's CI and development containers run. On S3 the store is stopped for real
 * (nothing listens on its port); its full disk is MinIO's answer, played by a front (see OwnS3).
 */

const photo = readFileSync(fixture('faces/amy/amy1.png'));
/** Only its first bytes are read before it is stored (ffprobe reads it later, in a worker). */
const video = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.alloc(64 * 1024, 7),
]);
const pdf = (title: string) => sopPdf([`# ${title}`, 'Wash hands for twenty seconds.']);

/** Services' schemas whose text columns may name stored objects. */
const SCHEMAS = ['identity', 'library', 'observation', 'video', 'integration'];

function mountTmpfs(folder: string, size: string): void {
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], {
      stdio: 'pipe',
    });
  } catch (error) {
    // Said plainly rather than skipped: a suite that passes without running proves nothing.
    throw new Error(
      `This suite fills a small filesystem of its own and needs root (or CAP_SYS_ADMIN) to mount it: ${String(error)}`,
      { cause: error },
    );
  }
}

const unmount = (folder: string) => execFileSync('umount', ['-l', folder], { stdio: 'ignore' });

/** Fills the filesystem of `folder` with one file until the disk refuses more (ENOSPC). */
function fill(folder: string): string {
  const filler = join(folder, 'filler.bin');
  const { bavail, bsize } = statfsSync(folder);
  try {
    writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  expect(statfsSync(folder).bavail).toBe(0);
  return filler;
}

/** Every file below `folder` (partial writes included). */
const filesBelow = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

interface Uploads {
  pdf(title: string): Promise<{ status: number; body: Record<string, unknown> }>;
  video(title: string): Promise<{ status: number; body: Record<string, unknown> }>;
  picture(): Promise<{ status: number; body: Record<string, unknown> }>;
}

const uploadsOf = (session: ApiSession): Uploads => ({
  pdf: (title) =>
    session.upload(
      api.uploadDocument.path,
      { title },
      { field: 'file', name: `${title}.pdf`, data: pdf(title) },
    ),
  video: (title) =>
    session.upload(
      api.uploadVideo.path,
      { title, recordingDate: '2026-11-20T08:00:00Z', linkedSops: '[]' },
      { field: 'file', name: `${title}.mp4`, data: video },
    ),
  picture: () =>
    session.upload(
      api.uploadProfilePicture.path,
      {},
      { field: 'profilePicture', name: 'me.png', data: photo },
    ),
});

/** How many rows the uploads made: documents, versions, videos and picture uploads. */
async function rowCounts(stack: TestStack) {
  const { rows } = await stack.sql.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM library.documents) AS documents,
            (SELECT count(*) FROM library.document_versions) AS versions,
            (SELECT count(*) FROM video.videos) AS videos,
            (SELECT count(*) FROM identity.picture_uploads) AS pictures`,
  );
  return rows[0]!;
}

/**
 * Every value of every text column of the services' schemas that looks like an object key, with
 * whether the store holds it: none may be missing.
 */
async function keysNamedByRows(stack: TestStack): Promise<string[]> {
  const { rows: columns } = await stack.sql.query<{
    schema: string;
    table: string;
    column: string;
  }>(
    `SELECT table_schema AS schema, table_name AS table, column_name AS column
       FROM information_schema.columns
      WHERE table_schema = ANY($1) AND data_type = 'text'`,
    [SCHEMAS],
  );
  // One query for the two hundred columns, not one each: asked after every fault and recovery.
  const named = columns.map(
    ({ schema, table, column }) =>
      `SELECT "${column}" AS key FROM "${schema}"."${table}" WHERE "${column}" ~ '^org/[0-9]+/'`,
  );
  if (named.length === 0) return [];
  const { rows } = await stack.sql.query<{ key: string }>(
    `SELECT DISTINCT key FROM (${named.join(' UNION ALL ')}) AS named`,
  );
  return rows.map((row) => row.key).sort();
}

async function missingFiles(stack: TestStack): Promise<string[]> {
  const missing: string[] = [];
  for (const key of await keysNamedByRows(stack)) {
    // A folder (a version's storage prefix) must hold something; a key, be a stored file.
    const found = key.endsWith('/')
      ? (await stack.storage.list(key)).length > 0
      : (await stack.storage.stat(key)) !== null;
    if (!found) missing.push(key);
  }
  return missing;
}

async function signIn(stack: TestStack, domain: string): Promise<ApiSession> {
  const organization = await stack.createOrganization(`Org ${domain}`, domain);
  await stack.createUser({
    email: `ann@${domain}`,
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: organization,
  });
  const ann = new ApiSession(stack.url);
  expect((await ann.login(`ann@${domain}`, 'Acme-Admin-1')).status).toBe(200);
  return ann;
}

/** The health answer (503 while a part is down, with the same body), parsed by its schema. */
async function healthOf(stack: TestStack) {
  const { status, body } = await new ApiSession(stack.url).send(api.health);
  return { status, body: api.health.response.parse(body) };
}

/** The stored PDF of a document, through its download link: what is stored is still served. */
async function downloaded(session: ApiSession, stack: TestStack, documentId: number) {
  const link = await session.call(api.documentDownloadUrl, { params: { id: documentId } });
  const answer = await fetch(`${stack.url}${link.url}`);
  return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
}

/** Each upload refused with `status` and `message`, and nothing of it kept. */
async function expectRefused(
  stack: TestStack,
  uploads: Uploads,
  status: number,
  message: string,
): Promise<void> {
  const before = await rowCounts(stack);
  for (const answer of [
    await uploads.pdf('Refused'),
    await uploads.video('Refused'),
    await uploads.picture(),
  ]) {
    expect(answer).toMatchObject({ status, body: { message, statusCode: status } });
  }
  expect(await rowCounts(stack)).toEqual(before);
}

/** The three uploads succeed, each with its row, without restarting anything. */
async function expectAccepted(stack: TestStack, uploads: Uploads): Promise<void> {
  const before = await rowCounts(stack);
  expect((await uploads.pdf('Accepted')).status).toBe(201);
  expect((await uploads.video('Accepted')).status).toBe(201);
  expect((await uploads.picture()).status).toBe(201);
  const after = await rowCounts(stack);
  expect(Number(after.documents)).toBe(Number(before.documents) + 1);
  expect(Number(after.videos)).toBe(Number(before.videos) + 1);
  expect(Number(after.pictures)).toBe(Number(before.pictures) + 1);
  expect(await missingFiles(stack)).toEqual([]);
}

interface Processing {
  processed: boolean;
  processing_error: string | null;
}

const processingOf = async (stack: TestStack, documentId: number) =>
  (
    await stack.sql.query<Processing>(
      'SELECT processed, processing_error FROM library.documents WHERE id = $1',
      [documentId],
    )
  ).rows[0]!;

/**
 * A document stored before the fault, whose processing starts during it (the PDF worker is
 * started then): its job waits for the store, as often as it takes, without failing the
 * document; `restore` brings the store back and the processing then finishes by itself.
 */
async function expectProcessingWaitsThrough(
  stack: TestStack,
  documentId: number,
  restore: () => Promise<void>,
): Promise<void> {
  const queue = openQueue(QUEUES.pdfProcessing, {
    url: stack.env.REDIS_URL!,
    prefix: stack.env.REDIS_PREFIX!,
  });
  let workers: RunningWorkers | undefined;
  try {
    workers = startDocumentWorkers(stack);
    // Refused by the store more often than a job has attempts (3), put back each time, never failed.
    await expect
      .poll(
        async () =>
          (await queue.getJobs(['delayed', 'prioritized', 'waiting', 'active']))[0]
            ?.attemptsStarted,
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBeGreaterThanOrEqual(5);
    expect(await queue.getFailedCount()).toBe(0);
    expect(await processingOf(stack, documentId)).toEqual({
      processed: false,
      processing_error: null,
    });
    await restore();
    await expect
      .poll(() => processingOf(stack, documentId), { timeout: 60_000, interval: 300 })
      .toEqual({ processed: true, processing_error: null });
    expect(await queue.getFailedCount()).toBe(0);
  } finally {
    await workers?.close();
    await queue.close();
  }
}

/**
 * A real video the video worker can analyse: one still of Amy, 2 s. Her face is found, so the
 * analysis has a crop to keep; a second person or more seconds would only be more frames to
 * analyse. Made once: both analysis tests upload the same bytes, each as a video of its own.
 */
let analysable: Buffer | undefined;
function analysableVideo(): Buffer {
  if (analysable) return analysable;
  const folder = mkdtempSync(join(tmpdir(), 'hub-faults-video-'));
  try {
    analysable = stillsVideo(folder, ['amy/amy2.png']);
    return analysable;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const analysisStatusOf = async (session: ApiSession, videoId: number) =>
  (await session.call(api.video, { params: { id: videoId } })).analysisStatus;

/**
 * A video stored and sent for analysis before the fault, whose analysis starts during it (the
 * video worker is started then): its job waits for the store, more often than it has attempts,
 * without failing the video; `restore` brings the store back and the analysis then completes by
 * itself, with no failed attempt recorded.
 */
async function expectAnalysisWaitsThrough(
  stack: TestStack,
  session: ApiSession,
  videoId: number,
  fault: () => Promise<void> | void,
  restore: () => Promise<void> | void,
): Promise<void> {
  const queue = openQueue(QUEUES.videoAnalysis, {
    url: stack.env.REDIS_URL!,
    prefix: stack.env.REDIS_PREFIX!,
  });
  let workers: RunningWorkers | undefined;
  try {
    await session.call(api.analyzeVideo, { params: { id: videoId }, body: { linkedSOPs: [] } });
    await fault();
    workers = await startVideoWorkers(stack);
    await expect
      .poll(
        async () =>
          (await queue.getJobs(['delayed', 'prioritized', 'waiting', 'active']))[0]
            ?.attemptsStarted,
        { timeout: 90_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(5);
    const [waiting] = await queue.getJobs(['delayed', 'prioritized', 'waiting', 'active']);
    // Started that often, none of it counted as an attempt.
    expect(waiting!.attemptsMade).toBe(0);
    expect(await queue.getFailedCount()).toBe(0);
    expect(await analysisStatusOf(session, videoId)).toBe('processing');
    await restore();
    await expect
      .poll(() => analysisStatusOf(session, videoId), { timeout: 120_000, interval: 300 })
      .toBe('completed');
    expect(await queue.getFailedCount()).toBe(0);
    const done = await queue.getJob(waiting!.id!);
    expect(done).toMatchObject({ attemptsMade: 1, finishedOn: expect.any(Number) });
    expect(done!.failedReason).toBeFalsy();
  } finally {
    // The store back whatever happened, so that a failure here does not fail the next tests.
    await restore();
    await workers?.close();
    await queue.close();
  }
}

describe('on the local disk (the default store)', () => {
  let stack: TestStack;
  let objects: string;
  let ann: ApiSession;
  let uploads: Uploads;
  let stored: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    // A 4 MiB filesystem of its own where the stack keeps its files, before any is written.
    objects = join(stack.env.DATA_DIR!, 'objects');
    mountTmpfs(objects, '4m');
    ann = await signIn(stack, 'disk.test');
    uploads = uploadsOf(ann);
    const first = await uploads.pdf('Stored before');
    expect(first.status).toBe(201);
    stored = first.body as unknown as { id: number };
  }, 120_000);

  afterAll(async () => {
    if (objects) unmount(objects);
    await stack?.stop();
  });

  it('a full disk: uploads answer 507 saying so, keep nothing, and stored files are still served', async () => {
    const filler = fill(objects);
    await expectRefused(stack, uploads, 507, STORAGE_FULL);
    // Nothing half-written stays behind: the one file below the folder is the filler's, the
    // others are those of the document stored before.
    expect(filesBelow(objects).filter((file) => file.endsWith('.partial'))).toEqual([]);
    expect(await missingFiles(stack)).toEqual([]);
    await ann.call(api.documents);
    const served = await downloaded(ann, stack, stored.id);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(pdf('Stored before'))).toBe(true);

    // Room again: the same uploads go through, nothing restarted.
    rmSync(filler);
    await expectAccepted(stack, uploads);
  });

  it('a full disk: processing waits for room instead of failing, then finishes by itself', async () => {
    const pending = await uploads.pdf('Processed later');
    expect(pending.status).toBe(201);
    const filler = fill(objects);
    await expectProcessingWaitsThrough(stack, (pending.body as { id: number }).id, async () => {
      rmSync(filler);
    });
    expect(await missingFiles(stack)).toEqual([]);
  });

  it('a disk gone read-only: uploads answer 503 saying the store cannot be reached, then recover', async () => {
    execFileSync('mount', ['-o', 'remount,ro', objects]);
    try {
      await expectRefused(stack, uploads, 503, STORAGE_UNAVAILABLE);
      const served = await downloaded(ann, stack, stored.id);
      expect(served.status).toBe(200);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', objects]);
    }
    await expectAccepted(stack, uploads);
  });
});

/** MinIO's answer to a write once its drives are below their free-space threshold. */
const MINIO_FULL = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.</Message><Resource>/</Resource><RequestId>0</RequestId><HostId>0</HostId></Error>`;

/**
 * An S3 simulator that can be stopped and started again on the same port, with its data. s3rver
 * cannot be filled for real (a full disk below it throws out of its write stream and ends the
 * process), so a front of its own answers writes as MinIO does when its drives are full (507,
 * XMinioStorageFull) while `full` is set, and passes everything else to s3rver.
 */
class OwnS3 {
  private server: S3rver | null = null;
  private front: Server | null = null;
  private readonly directory = mkdtempSync(join(tmpdir(), 'hub-s3-faults-'));
  full = false;

  constructor(
    readonly port: number,
    private readonly innerPort: number,
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new S3rver({
      port: this.innerPort,
      address: '127.0.0.1',
      silent: true,
      directory: this.directory,
    });
    await server.run();
    this.server = server;
    const front = createServer((incoming, answer) => {
      if (this.full && (incoming.method === 'PUT' || incoming.method === 'POST')) {
        incoming.resume();
        answer.writeHead(507, { 'content-type': 'application/xml' }).end(MINIO_FULL);
        return;
      }
      const forwarded = request(
        {
          host: '127.0.0.1',
          port: this.innerPort,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (upstream) => {
          answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(answer);
        },
      );
      forwarded.on('error', () => answer.destroy());
      incoming.pipe(forwarded);
    });
    front.listen(this.port, '127.0.0.1');
    await once(front, 'listening');
    this.front = front;
  }

  /** Nothing listens on the port any more; open connections are cut. */
  async stop(): Promise<void> {
    const front = this.front;
    this.front = null;
    if (front) {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
    await this.server?.close();
    this.server = null;
  }

  remove(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }
}

describe('on S3 (s3rver)', () => {
  let s3: OwnS3;
  let stack: TestStack;
  let ann: ApiSession;
  let uploads: Uploads;
  let stored: { id: number };

  beforeAll(async () => {
    s3 = new OwnS3(await freePort(), await freePort());
    await s3.start();
    stack = await startTestStack({
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'hub-faults',
    });
    ann = await signIn(stack, 's3.test');
    uploads = uploadsOf(ann);
    const first = await uploads.pdf('Stored before');
    expect(first.status).toBe(201);
    stored = first.body as unknown as { id: number };
  }, 120_000);

  afterAll(async () => {
    if (s3) s3.full = false;
    await s3?.start().catch(() => undefined);
    await stack?.stop();
    await s3?.stop();
    s3?.remove();
  });

  it('the store stopped: uploads answer 503 saying so, keep nothing, the rest still answers', async () => {
    await s3.stop();
    try {
      await expectRefused(stack, uploads, 503, STORAGE_UNAVAILABLE);
      // The health answer names the store as the part that is down, and why.
      const health = await healthOf(stack);
      expect(health.status).toBe(503);
      expect(health.body.components).toMatchObject({
        storage: {
          status: 'down',
          error: expect.stringMatching(/^the file store cannot be reached/),
        },
      });
      expect(health.body.problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/^storage is down: the file store cannot/)]),
      );
      await ann.call(api.documents);
      await ann.call(api.document, { params: { id: stored.id } });
    } finally {
      await s3.start();
    }
    await expectAccepted(stack, uploads);
    const health = await healthOf(stack);
    expect(health.body.components).toMatchObject({ storage: { status: 'up' } });
    const served = await downloaded(ann, stack, stored.id);
    expect(served.bytes.equals(pdf('Stored before'))).toBe(true);
  });

  it('the store stopped: processing waits for it instead of failing, then finishes by itself', async () => {
    const pending = await uploads.pdf('Processed later');
    expect(pending.status).toBe(201);
    await s3.stop();
    await expectProcessingWaitsThrough(stack, (pending.body as { id: number }).id, () =>
      s3.start(),
    );
    expect(await missingFiles(stack)).toEqual([]);
  });

  it('the store stopped: a video analysis waits for it instead of failing, then completes by itself', async () => {
    const answer = await ann.upload(
      api.uploadVideo.path,
      { title: 'Analysed later', recordingDate: '2026-11-20T08:00:00Z', linkedSops: '[]' },
      { field: 'file', name: 'later.mp4', data: analysableVideo() },
    );
    expect(answer.status).toBe(201);
    await expectAnalysisWaitsThrough(
      stack,
      ann,
      (answer.body as { id: number }).id,
      () => s3.stop(),
      () => s3.start(),
    );
    expect(await missingFiles(stack)).toEqual([]);
  }, 240_000);

  it('the store full: a video analysis waits for room to keep its face crops, then completes', async () => {
    const answer = await ann.upload(
      api.uploadVideo.path,
      { title: 'Analysed when room', recordingDate: '2026-11-20T08:00:00Z', linkedSops: '[]' },
      { field: 'file', name: 'room.mp4', data: analysableVideo() },
    );
    expect(answer.status).toBe(201);
    await expectAnalysisWaitsThrough(
      stack,
      ann,
      (answer.body as { id: number }).id,
      () => {
        s3.full = true;
      },
      () => {
        s3.full = false;
      },
    );
    expect(await missingFiles(stack)).toEqual([]);
  }, 240_000);

  it('the store full: uploads answer 507 saying so, keep nothing, stored files are still served', async () => {
    s3.full = true;
    try {
      await expectRefused(stack, uploads, 507, STORAGE_FULL);
      const served = await downloaded(ann, stack, stored.id);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(pdf('Stored before'))).toBe(true);
    } finally {
      s3.full = false;
    }
    await expectAccepted(stack, uploads);
  });
});
