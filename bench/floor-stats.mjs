// Benchmark: the floor figures (GET /api/stats/floor's query work in the integration service)
// on a large floor: 100 areas, 1,000 stations and a day of presence events for 1,000 people
// (one sighting a minute each: 1.44 million rows), 100 cameras with SOPs tied to them and an hour
// of their snapshot runs. Prints p50/p95/p99 of the service's stats() call (alerts included)
// against the real PostgreSQL schema and migrations; RPC and HTTP come on top of it.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/floor-stats.mjs
//
// Needs the built integration service (`npx turbo run build`) and PostgreSQL at
// TEST_DATABASE_SERVER (default postgres://postgres@127.0.0.1:5432). It makes a database of its
// own and drops it at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findFreePort } from '../infra/launcher/ports.mjs';
import { startChild, stopChild } from './children.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const service = path.join(repoRoot, 'services/integration');
const require = createRequire(path.join(service, 'package.json'));
await import(pathToFileURL(require.resolve('reflect-metadata')).href);
/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(service, 'dist', file)).href);
const { openIntegrationDatabase } = await importDist('database.js');
const { FloorStatsService } = await importDist('floor/floor-stats.js');
const { FloorAlertsService } = await importDist('floor/floor-alerts.js');
const { dropDatabase, deleteKeys } = await import(
  pathToFileURL(require.resolve('@hub/testing')).href
);
/** @param {string} name @param {string} file */
const importService = (name, file) =>
  import(pathToFileURL(path.join(repoRoot, 'services', name, 'dist', file)).href);

const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${server}/hub_bench_floor_${randomBytes(4).toString('hex')}`;
// Far above the organizations identity makes itself (the super administrator's), so no clash.
const ORG = 1000;
const RUNS = 200;

/** @param {import('typeorm').DataSource} db */
async function seed(db) {
  const started = process.hrtime.bigint();
  await db.query(
    `INSERT INTO areas (organization_id, name, status)
     SELECT $1, 'Area' || n, CASE WHEN n % 20 = 0 THEN 'Maintenance' ELSE 'Operational' END
       FROM generate_series(1, 100) n`,
    [ORG],
  );
  await db.query(
    `INSERT INTO stations (organization_id, area_id, name, status)
     SELECT $1, a.id, 'S' || n, CASE WHEN n % 97 = 0 THEN 'Offline' ELSE 'Operational' END
       FROM areas a, generate_series(1, 10) n`,
    [ORG],
  );
  await db.query(
    `INSERT INTO presence_events (organization_id, person_id, camera_id, area_id, seen_at, confidence)
     SELECT $1, p, 'cam-' || (p % 100), (SELECT min(id) FROM areas) + (p % 100),
            now() - make_interval(mins => m), 0.9
       FROM generate_series(1, 1000) p, generate_series(0, 1439) m`,
    [ORG],
  );
  // 100 cameras, each with 3 SOPs tied to it; a snapshot run a minute each for the last hour,
  // every tenth camera's latest one failed.
  await db.query(
    `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
     VALUES ('camera_cloud', 'http://127.0.0.1:9', 'sealed', 'k1', 1)`,
  );
  await db.query(
    `INSERT INTO camera_assignments (integration_id, camera_id, camera_name, organization_id, sop_ids, snapshot_enabled, created_by)
     SELECT (SELECT id FROM integrations), 'cam-' || n, 'Camera ' || n, $1, '{1,2,3}', false, 1
       FROM generate_series(0, 99) n`,
    [ORG],
  );
  await db.query(
    `INSERT INTO snapshot_runs (job_key, organization_id, assignment_id, camera_id, taken_at, status, failure_stage, reason, finished_at)
     SELECT a.id || ':' || m, $1, a.id, a.camera_id, now() - make_interval(mins => m),
            CASE WHEN m = 0 AND right(a.camera_id, 1) = '0' THEN 'failed' ELSE 'identified' END,
            CASE WHEN m = 0 AND right(a.camera_id, 1) = '0' THEN 'camera' END,
            CASE WHEN m = 0 AND right(a.camera_id, 1) = '0' THEN a.camera_name || ' could not be reached: offline' END,
            now() - make_interval(mins => m)
       FROM camera_assignments a, generate_series(0, 59) m ORDER BY m DESC`,
    [ORG],
  );
  await db.query(
    `INSERT INTO sensor_readings (organization_id, temperature_f, humidity, air_quality, noise_db, recorded_at)
     SELECT $1, 70 + n % 5, 40 + n % 10, 'good', 60, now() - make_interval(mins => n)
       FROM generate_series(0, 1439) n`,
    [ORG],
  );
  await db.query('ANALYZE');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** @param {number[]} sorted @param {number} share */
const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** p50/p95/p99 of `RUNS` sequential calls, after 10 to warm up. @param {() => Promise<unknown>} call */
async function timed(call) {
  for (let i = 0; i < 10; i += 1) await call();
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
  return `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, p99 ${ms(percentile(times, 0.99))}`;
}

/**
 * The services the route needs, from their builds, on the bench's database: the gateway,
 * identity (sessions), integration (the figures) and observation and library (the alerts).
 * @param {import('./children.mjs').Child[]} children
 */
async function startServices(children) {
  const port = await findFreePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: redisPrefix,
    SUPER_ADMIN_EMAIL: 'root@bench.local',
    SUPER_ADMIN_PASSWORD: `${randomBytes(18).toString('base64url')}aA7!`,
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const name of ['identity', 'library', 'observation', 'integration'])
    await startChild(name, [`services/${name}/dist/main.js`], env, `[${name}] ready`, children);
  await startChild(
    'gateway',
    ['services/gateway/dist/main.js'],
    {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    '[gateway] listening',
    children,
  );
  return `http://127.0.0.1:${port}`;
}

/** The organization's admin, straight into identity's tables, signed in. @param {string} gateway */
async function signIn(gateway) {
  const { hashPassword } = await importService('identity', 'auth/passwords.js');
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  await db.query(
    `INSERT INTO identity.organizations (id, name, display_name, domain)
     VALUES ($1, 'bench-floor', 'Bench Floor', 'bench-floor.local')`,
    [ORG],
  );
  await db.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ('admin@bench-floor.local', 'Bench Admin', 'admin', $1, $2, true)`,
    [ORG, await hashPassword(password)],
  );
  const login = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench-floor.local', password }),
  });
  const session = login.headers
    .getSetCookie()
    .map((header) => /^hub_session=([^;]+)/.exec(header)?.[1])
    .find(Boolean);
  if (login.status !== 200 || !session) throw new Error(`sign-in failed: ${login.status}`);
  return `hub_session=${session}`;
}

/** @type {import('./children.mjs').Child[]} */
const children = [];
const redisPrefix = `bench:${randomBytes(6).toString('hex')}:`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
const db = await openIntegrationDatabase(databaseUrl);
try {
  const seconds = await seed(db);
  console.log(
    `seeded 100 areas, 1,000 stations, 1,440,000 presence events in ${seconds.toFixed(1)} s`,
  );
  const settings = { presenceMinutes: 15, readingMaxAgeMinutes: 30, defaultRetentionDays: 30 };
  // The observation service's answer, in process: everyone holds every SOP (no names or titles
  // to fetch then). The figures are the integration service's own work plus this one answer.
  const rpc = {
    /** @param {unknown} _contract @param {{ userIds: number[], documentIds: number[] }} request */
    async call(_contract, request) {
      return request.userIds.flatMap((userId) =>
        request.documentIds.map((documentId) => ({ userId, documentId })),
      );
    },
  };
  const stats = new FloorStatsService(db, settings, new FloorAlertsService(db, settings, rpc));
  const actor = { userId: 1, organizationId: ORG, role: 'admin' };
  const sample = await stats.stats(actor);
  console.log(
    `figures in process: ${sample.activeStations}/${sample.totalStations} stations, ` +
      `${sample.workersPresent} present, ${Object.keys(sample.areaBreakdown).length} areas, ` +
      `${sample.alertsCount} alerts`,
  );
  console.log(
    `in process, floor stats over ${RUNS} calls: ${await timed(() => stats.stats(actor))}`,
  );
  const gateway = await startServices(children);
  const cookie = await signIn(gateway);
  const get = async () => {
    const answer = await fetch(`${gateway}/api/stats/floor`, { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`GET /api/stats/floor: ${answer.status}`);
    await answer.json();
  };
  console.log(`GET /api/stats/floor over ${RUNS} calls: ${await timed(get)}`);
} finally {
  await Promise.all(children.map(stopChild));
  await db.destroy();
  await dropDatabase(databaseUrl);
  await deleteKeys(redisPrefix).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
