// Benchmark: the floor figures (GET /api/stats/floor's query work in the integration service)
// on a large floor: 100 areas, 1,000 stations and a day of presence events for 1,000 people
// (one sighting a minute each: 1.44 million rows). Prints p50/p95/p99 of the service's stats()
// call against the real PostgreSQL schema and migrations; RPC and HTTP come on top of it.
// Prints figures, never asserts.
//
//   node_modules/.bin/node bench/floor-stats.mjs
//
// Needs the built integration service (`npx turbo run build`) and PostgreSQL at
// TEST_DATABASE_SERVER (default postgres://postgres@127.0.0.1:5432). It makes a database of its
// own and drops it at the end.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const service = path.join(repoRoot, 'services/integration');
const require = createRequire(path.join(service, 'package.json'));
await import(pathToFileURL(require.resolve('reflect-metadata')).href);
/** @param {string} file */
const importDist = (file) => import(pathToFileURL(path.join(service, 'dist', file)).href);
const { openIntegrationDatabase } = await importDist('database.js');
const { FloorStatsService } = await importDist('floor/floor-stats.js');
const { FloorAlertsService } = await importDist('floor/floor-alerts.js');
const { dropDatabase } = await import(pathToFileURL(require.resolve('@hub/kit/testing')).href);

const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${server}/hub_bench_floor_${randomBytes(4).toString('hex')}`;
const ORG = 1;
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

const db = await openIntegrationDatabase(databaseUrl);
try {
  const seconds = await seed(db);
  console.log(
    `seeded 100 areas, 1,000 stations, 1,440,000 presence events in ${seconds.toFixed(1)} s`,
  );
  const settings = { presenceMinutes: 15, readingMaxAgeMinutes: 30, defaultRetentionDays: 30 };
  // No camera here has SOPs tied to it, so the certification alerts never need the other
  // services; the camera alerts' queries run as in the service.
  const rpc = {
    call() {
      throw new Error('no RPC in this benchmark');
    },
  };
  const stats = new FloorStatsService(db, settings, new FloorAlertsService(db, settings, rpc));
  const actor = { userId: 1, organizationId: ORG, role: 'admin' };
  const sample = await stats.stats(actor);
  console.log(
    `figures: ${sample.activeStations}/${sample.totalStations} stations, ` +
      `${sample.workersPresent} present, ${Object.keys(sample.areaBreakdown).length} areas`,
  );
  for (let i = 0; i < 10; i += 1) await stats.stats(actor);
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await stats.stats(actor);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
  console.log(
    `floor stats over ${RUNS} calls: p50 ${ms(percentile(times, 0.5))}, ` +
      `p95 ${ms(percentile(times, 0.95))}, p99 ${ms(percentile(times, 0.99))}`,
  );
} finally {
  await db.destroy();
  await dropDatabase(databaseUrl);
}
