import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job, Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, QUEUES, type LibraryInboxMessage, type VideoInboxMessage } from '@hub/proto';
import { openQueue } from '@hub/kit';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * What workers report about one document or video, handled concurrently by the inbox (it takes
 * 4 messages at a time). A row lock held by the test makes the order deterministic: each message
 * is sent only once the previous one waits on the lock, then the lock is released.
 */
let stack: TestStack;
let ann: ApiSession;
/** Both inboxes take one kind of message each; one type keeps the helpers simple. */
type InboxMessage = LibraryInboxMessage | VideoInboxMessage;
let libraryInbox: Queue<InboxMessage>;
let videoInbox: Queue<InboxMessage>;
let folder: string;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  const connection = { url: stack.env.REDIS_URL!, prefix: stack.redisPrefix };
  libraryInbox = openQueue(QUEUES.libraryInbox, connection);
  videoInbox = openQueue(QUEUES.videoInbox, connection);
  folder = mkdtempSync(join(tmpdir(), 'races-'));
});

afterAll(async () => {
  await libraryInbox?.close();
  await videoInbox?.close();
  await stack?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Holds a row lock in a transaction of its own until released. */
async function lockRow(table: string, id: number) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** Waits until `count` statements of this test's database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await stack.sql.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never ${count} statement(s) waiting for the lock`);
}

async function finished(queue: Queue<InboxMessage>, jobs: Job<InboxMessage>[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const states = await Promise.all(jobs.map((job) => queue.getJobState(job.id!)));
    if (states.every((state) => state === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('inbox messages not handled within 20 s');
}

/** Sends the messages one by one, each once the ones before wait on the held row lock. */
async function interleaved(
  queue: Queue<InboxMessage>,
  table: string,
  id: number,
  messages: InboxMessage[],
) {
  const lock = await lockRow(table, id);
  const jobs: Job<InboxMessage>[] = [];
  try {
    for (const [index, message] of messages.entries()) {
      jobs.push(await queue.add(message.kind, message));
      await lockWaiters(index + 1);
    }
  } finally {
    await lock.release();
  }
  await finished(queue, jobs);
}

async function uploadDocument(title: string): Promise<number> {
  const uploaded = await ann.uploadTo(
    api.uploadDocument,
    { title },
    { name: `${title}.pdf`, data: sopPdf(COOLING_SOP) },
  );
  return uploaded.id;
}

const documentView = (id: number) => ann.call(api.document, { params: { id } });

describe('PDF processing messages handled at once', () => {
  it('keeps a failure when a progress report read before it is written after it', async () => {
    const id = await uploadDocument('failing');
    await interleaved(libraryInbox, 'library.documents', id, [
      { kind: 'pdf.failed', documentId: id, run: 1, reason: 'The PDF is damaged.' },
      { kind: 'pdf.progress', documentId: id, run: 1, stage: 'ocr', current: 1, total: 3 },
    ]);
    expect(await documentView(id)).toMatchObject({
      progress: { stage: 'failed' },
      processingError: 'The PDF is damaged.',
    });
  });

  it('only moves forward: an earlier stage reported late does not go back', async () => {
    const id = await uploadDocument('forward');
    await interleaved(libraryInbox, 'library.documents', id, [
      { kind: 'pdf.progress', documentId: id, run: 1, stage: 'images', current: 2, total: 4 },
      {
        kind: 'pdf.progress',
        documentId: id,
        run: 1,
        stage: 'extracting',
        current: null,
        total: null,
      },
    ]);
    expect(await documentView(id)).toMatchObject({
      progress: { stage: 'images', current: 2 },
    });
  });

  it('counts pages read forward only: a smaller count of the same stage reported late is kept out', async () => {
    const id = await uploadDocument('pages');
    await interleaved(libraryInbox, 'library.documents', id, [
      { kind: 'pdf.progress', documentId: id, run: 1, stage: 'ocr', current: 3, total: 4 },
      { kind: 'pdf.progress', documentId: id, run: 1, stage: 'ocr', current: 2, total: 4 },
    ]);
    expect(await documentView(id)).toMatchObject({
      progress: { stage: 'ocr', current: 3, total: 4 },
    });
  });
});

/** One second of grey, as an MP4 made with ffmpeg. */
function tinyVideo(): Buffer {
  const out = join(folder, 'grey.mp4');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=160x120:d=1',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return readFileSync(out);
}

const REPORT = {
  durationSeconds: 1,
  framesAnalysed: 1,
  samplingFps: 1,
  matchThreshold: 0.5,
  detectedOperators: 0,
  identifiedOperators: [],
  unidentifiedPeople: [],
  identificationRate: 0,
  stepAnalysis: { available: false as const, message: 'No SOP was chosen.' },
};

describe('video analysis messages handled at once', () => {
  it('keeps the first end of a run: a failure handled after the result does not replace it', async () => {
    const { id } = await ann.uploadTo(
      api.uploadVideo,
      { title: 'Grey', recordingDate: '2026-11-20T08:00:00Z' },
      { name: 'grey.mp4', data: tinyVideo() },
    );
    const started = await ann.call(api.analyzeVideo, {
      params: { id },
      body: { linkedSOPs: [] },
    });
    expect(started.analysisStatus).toBe('processing');
    await interleaved(videoInbox, 'video.videos', id, [
      { kind: 'analysis.completed', videoId: id, run: 1, report: REPORT },
      { kind: 'analysis.failed', videoId: id, run: 1, reason: 'The worker stopped.' },
    ]);
    const video = await ann.call(api.video, { params: { id } });
    expect(video).toMatchObject({ analysisStatus: 'completed', analysisError: null });
  });
});
