import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryRunner } from 'typeorm';
import { api, ERROR_TEXTS } from '@hub/proto';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * The gateway's wait for each ask of a video's create (VIDEO_CREATE_TIMEOUT_MS; its other RPCs
 * keep their own): short, so a create held by the test outlasts it, yet long enough for the
 * second ask, released as soon as it is seen waiting (a poll of 100 ms, then one commit), to be
 * answered within it on a loaded machine.
 */
const CREATE_TIMEOUT_MS = 2_000;

/** An `ftyp` box as MP4 files begin: enough for the upload's magic-byte check. */
const MP4_HEADER = Buffer.from(
  '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
  'hex',
);

let stack: TestStack;
let admin: ApiSession;
let organizationId: number;

beforeAll(async () => {
  stack = await startTestStack({
    VIDEO_CREATE_TIMEOUT_MS: String(CREATE_TIMEOUT_MS),
    // The held lock's session, the asks waiting on it and the test's own reads are all the video
    // service's: more than the three sessions a suite's service has by default.
    DATABASE_POOL_SIZE: '10',
  });
  const organization = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
  ] as const);
  admin = organization.members.admin.session;
  organizationId = organization.organizationId;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const upload = (title: string) =>
  admin.upload(
    api.uploadVideo.path,
    { title, recordingDate: '2026-11-20T08:00:00.000Z' },
    { field: 'file', name: `${title}.mp4`, data: MP4_HEADER },
  );

/** New videos wait while this holds: their INSERT needs a lock the SHARE lock refuses. */
async function holdVideoInserts(): Promise<QueryRunner> {
  const runner = stack.video.dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE videos IN SHARE MODE`);
  return runner;
}

async function release(runner: QueryRunner) {
  await runner.commitTransaction();
  await runner.release();
}

/** How many creates of a video wait for the lock. */
async function waitingCreates(): Promise<number> {
  const [row] = (await stack.video.dataSource.query(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND query LIKE 'INSERT INTO videos%'`,
  )) as { waiting: number }[];
  return row!.waiting;
}

const videoRows = async (title: string) =>
  (await stack.video.dataSource.query(
    `SELECT id, storage_key FROM videos WHERE organization_id = $1 AND title = $2`,
    [organizationId, title],
  )) as { id: number; storage_key: string }[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `done` holds, or the time is up: the last value read. */
async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** Every video row of the title has its stored file: none listed that cannot play. */
async function expectEveryRowStored(title: string) {
  for (const row of await videoRows(title)) {
    expect(await stack.storage.stat(row.storage_key), row.storage_key).not.toBeNull();
  }
}

/**
 * The create of a video that answers after the gateway stopped waiting: the file is kept with
 * its row, or neither is kept, never a row whose file was deleted.
 */
describe('a video create answered after the gateway timed out', () => {
  it('asks again, and answers the video once it is recorded', async () => {
    const lock = await holdVideoInserts();
    let answered = false;
    const answer = upload('late-create').finally(() => (answered = true));
    // The first create, and the gateway's second ask once the first had no answer, both wait.
    const waiting = await waitUntil(waitingCreates, (count) => count >= 2 || answered, 20_000);
    await release(lock);
    const { status, body } = await answer;
    const rows = await waitUntil(
      () => videoRows('late-create'),
      (found) => found.length > 0,
    );
    await expectEveryRowStored('late-create');
    expect({ status, waiting }).toEqual({ status: 201, waiting: 2 });
    expect(rows.map((row) => row.id)).toEqual([(body as { id: number }).id]);
  }, 60_000);

  it('keeps the file when the second ask is not answered either, and the row comes with it', async () => {
    const lock = await holdVideoInserts();
    const { status, body } = await upload('later-create');
    await release(lock);
    // Both creates go on once the lock is gone: one row, and its file.
    await waitUntil(
      () => videoRows('later-create'),
      (found) => found.length > 0,
    );
    await waitUntil(waitingCreates, (count) => count === 0);
    await sleep(300);
    await expectEveryRowStored('later-create');
    expect(await videoRows('later-create')).toHaveLength(1);
    expect(status).toBe(503);
    expect((body as { message: string }).message).toBe(ERROR_TEXTS.video_upload_unconfirmed);
  }, 60_000);

  it('deletes the file of a create the video service refused', async () => {
    const files = () => stack.storage.list(`org/${organizationId}/videos/`);
    const before = await files();
    const { status } = await admin.upload(
      api.uploadVideo.path,
      {
        title: 'refused',
        recordingDate: '2026-11-20T08:00:00.000Z',
        linkedSops: JSON.stringify([{ sopId: 999_999, sopTitle: 'Nowhere' }]),
      },
      { field: 'file', name: 'refused.mp4', data: MP4_HEADER },
    );
    expect(status).toBe(400);
    expect(await videoRows('refused')).toEqual([]);
    expect(await files()).toEqual(before);
  }, 60_000);
});
