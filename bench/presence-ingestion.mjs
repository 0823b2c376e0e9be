// Benchmark: presence ingestion through the real path. What the video worker found in the
// snapshots arrives on the integration inbox (BullMQ), and the service's own inbox handler
// records it (the runs closed and their people inserted, once, in one transaction). The video
// worker answers one message a tick of an organization (`--cameras` snapshots each); the same
// snapshots one message each (as before #49 item 4) are measured in the same run. Prints events
// per second, and in the same run a plain multi-row INSERT of as many rows as the baseline.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/presence-ingestion.mjs [--snapshots 3000] [--people 10] [--cameras 100]
//
// Needs the built integration service (`npx turbo run build`), PostgreSQL at
// TEST_DATABASE_SERVER (default postgres://postgres@127.0.0.1:5432) and Redis at REDIS_URL
// (default 127.0.0.1:6379). It makes a database and a Redis key prefix of its own and removes
// both at the end.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const service = path.join(repoRoot, 'services/integration');
const require = createRequire(path.join(service, 'package.json'));
/** @param {string} name */
const importPackage = (name) => import(pathToFileURL(require.resolve(name)).href);
await importPackage('reflect-metadata');
/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(service, 'dist', file)).href);
const { openIntegrationDatabase } = await importDist('database.js');
const { startIntegrationInbox, INBOX_CONCURRENCY } = await importDist(
  'snapshots/integration-inbox.js',
);
const { SnapshotRunsRepository } = await importDist('snapshots/snapshot-runs.repository.js');
const kit = await importPackage('@hub/kit');
const { dropDatabase, deleteKeys } = await importPackage('@hub/testing');
const { QUEUES } = await importPackage('@hub/proto');

const { values } = parseArgs({
  options: {
    snapshots: { type: 'string', default: '3000' },
    people: { type: 'string', default: '10' },
    cameras: { type: 'string', default: '100' },
  },
});
const SNAPSHOTS = Number(values.snapshots);
const PEOPLE = Number(values.people);
const CAMERAS = Number(values.cameras);
const ORG = 1;
const BASELINE_ORG = 2;
const ONE_BY_ONE_ORG = 3;
const BASELINE_BATCH = 1000;

const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${server}/hub_bench_presence_${randomBytes(4).toString('hex')}`;
const connection = {
  url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  prefix: `bench:${randomBytes(6).toString('hex')}:`,
};

/** @param {bigint} started */
const secondsSince = (started) => Number(process.hrtime.bigint() - started) / 1e9;

/** One camera system, its cameras, and a pending run per snapshot to come (as the taker leaves one). */
/** @param {import('typeorm').DataSource} db @param {number} org */
async function seed(db, org) {
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1) ON CONFLICT DO NOTHING`,
  );
  /** @type {{ id: string }[]} */
  const [first] = await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, created_by)
     SELECT 1, 'cam-' || $1::int || '-' || n, 'Camera ' || n, $1, 1 FROM generate_series(1, $2) n
     RETURNING id`,
    [org, CAMERAS],
  );
  /** @type {{ id: string }[]} */
  const runs = await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id)
     SELECT 'bench-' || $1::int || '-' || n, $1::int, $4::int + n % $3::int, 'cam-' || $1::int || '-' || (1 + n % $3::int)
       FROM generate_series(1, $2) n
     RETURNING id`,
    [org, SNAPSHOTS, CAMERAS, Number(first?.id)],
  );
  return runs.map((run) => Number(run.id));
}

/**
 * The inbox messages of these snapshots: one a tick of `perMessage` cameras, or one a snapshot.
 * @param {number[]} runIds @param {number} perMessage
 */
function messages(runIds, perMessage) {
  const results = runIds.map((runId, index) => ({
    kind: /** @type {const} */ ('snapshot.identified'),
    runId,
    facesDetected: PEOPLE,
    people: peopleOf(index),
  }));
  if (perMessage === 1) return results.map((data) => ({ name: data.kind, data }));
  const ticks = [];
  for (let start = 0; start < results.length; start += perMessage) {
    const data = {
      kind: 'snapshots.answered',
      organizationId: ORG,
      results: results.slice(start, start + perMessage),
    };
    ticks.push({ name: data.kind, data });
  }
  return ticks;
}

/** @param {number} index */
const peopleOf = (index) =>
  Array.from({ length: PEOPLE }, (_, k) => ({
    userId: 1 + ((index * PEOPLE + k) % 1000),
    confidence: 0.8,
  }));

/**
 * @param {import('typeorm').DataSource} db @param {number[]} runIds @param {number} org
 * @param {number} perMessage
 */
async function throughInbox(db, runIds, org, perMessage) {
  const jobs = messages(runIds, perMessage);
  const inbox = kit.openQueue(QUEUES.integrationInbox, connection);
  const worker = startIntegrationInbox(connection, new SnapshotRunsRepository(db));
  try {
    await worker.waitUntilReady();
    let done = 0;
    const finished = new Promise((resolve, reject) => {
      worker.on('completed', () => {
        done += 1;
        if (done === jobs.length) resolve(undefined);
      });
      worker.on('failed', (/** @type {unknown} */ _job, /** @type {Error} */ error) =>
        reject(error),
      );
    });
    const started = process.hrtime.bigint();
    await inbox.addBulk(jobs.map((job) => ({ ...job, opts: { removeOnComplete: true } })));
    await finished;
    const seconds = secondsSince(started);
    /** @type {{ count: number }[]} */
    const [row] = await db.query(
      `SELECT count(*)::int AS count FROM presence_events WHERE organization_id = $1`,
      [org],
    );
    return { events: row?.count ?? 0, seconds, messages: jobs.length };
  } finally {
    await worker.close();
    await inbox.close();
  }
}

/**
 * Where the rest goes: as many jobs of the same size through a queue of their own, taken by a
 * worker of the same concurrency that does nothing with them.
 * @param {number} jobs
 */
async function queueAlone(jobs) {
  const name = 'bench-queue-alone';
  const queue = kit.openQueue(name, connection);
  const worker = kit.startWorker(name, connection, async () => 0, {
    concurrency: INBOX_CONCURRENCY,
  });
  try {
    await worker.waitUntilReady();
    let done = 0;
    const finished = new Promise((resolve) =>
      worker.on('completed', () => (done += 1) === jobs && resolve(undefined)),
    );
    const started = process.hrtime.bigint();
    await queue.addBulk(
      Array.from({ length: jobs }, (_, index) => ({
        name: 'snapshot.identified',
        data: { runId: index, facesDetected: PEOPLE, people: peopleOf(index) },
        opts: { removeOnComplete: true },
      })),
    );
    await finished;
    return secondsSince(started);
  } finally {
    await worker.close();
    await queue.close();
  }
}

/** The same number of rows by plain multi-row INSERTs, no queue and no runs. */
/** @param {import('typeorm').DataSource} db @param {number} events */
async function plainInsert(db, events) {
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < events; offset += BASELINE_BATCH) {
    const size = Math.min(BASELINE_BATCH, events - offset);
    const rows = Array.from(
      { length: size },
      (_, k) =>
        `(${BASELINE_ORG}, ${1 + ((offset + k) % 1000)}, 'cam-${1 + (k % 100)}', NULL, now(), 0.8)`,
    );
    await db.query(
      `INSERT INTO presence_events (organization_id, person_id, camera_id, area_id, seen_at, confidence)
       VALUES ${rows.join(',')}`,
    );
  }
  return secondsSince(started);
}

const db = await openIntegrationDatabase(databaseUrl);
try {
  const runIds = await seed(db, ORG);
  const oneByOneIds = await seed(db, ONE_BY_ONE_ORG);
  const ingested = await throughInbox(db, runIds, ORG, CAMERAS);
  const oneByOne = await throughInbox(db, oneByOneIds, ONE_BY_ONE_ORG, 1);
  const baseline = await plainInsert(db, ingested.events);
  const queueSeconds = await queueAlone(SNAPSHOTS);
  const rate = (/** @type {number} */ events, /** @type {number} */ seconds) =>
    `${Math.round(events / seconds).toLocaleString('en')} events/s`;
  for (const { label, run } of [
    { label: `one message a tick of ${CAMERAS} cameras`, run: ingested },
    { label: 'one message a snapshot (before #49 item 4)', run: oneByOne },
  ])
    console.log(
      `inbox -> handler -> presence_events, ${label} (${run.messages} messages): ` +
        `${SNAPSHOTS} snapshots x ${PEOPLE} people = ${run.events} events in ` +
        `${run.seconds.toFixed(2)} s: ${rate(run.events, run.seconds)}`,
    );
  console.log(
    `plain multi-row INSERT (${BASELINE_BATCH} rows a statement): ${ingested.events} events in ` +
      `${baseline.toFixed(2)} s: ${rate(ingested.events, baseline)}`,
  );
  console.log(
    `the queue alone (${SNAPSHOTS} jobs, a worker of ${INBOX_CONCURRENCY} doing nothing): ` +
      `${queueSeconds.toFixed(2)} s`,
  );
  console.log(
    `ratio: ${(baseline / ingested.seconds).toFixed(2)}x the baseline's rate ` +
      `(one message a snapshot: ${(baseline / oneByOne.seconds).toFixed(2)}x)`,
  );
} finally {
  await db.destroy();
  await dropDatabase(databaseUrl);
  await deleteKeys(connection.prefix).catch(() => undefined);
}
