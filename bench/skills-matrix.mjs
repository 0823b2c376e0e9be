// Benchmark: the skills matrix, team stats and insights at scale, through the gateway, on the
// organization of skills-matrix-seed.mjs (10,000 people, 500 SOPs, 1,000,000 answers). Prints
// p50/p95 of GET /api/insights/skills-matrix (first page of 50 rows: all SOPs, and one job
// function), GET /api/stats/team, GET /api/stats/insights and the Insights chart pages
// (observations, certifications, progress over 20 courses with 2 enrolments a person), each
// beside a baseline: one plain SQL query of the same data (what the endpoint cannot beat), and
// the CSV export's rows/s with the peak RSS of the gateway and the observation service while it
// streams. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/skills-matrix.mjs [--runs 40] [--keep | --reuse hub_bench_xxxx]
//
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It seeds a fresh database `hub_bench_<random>`
// and a random Redis key prefix, and removes both at the end; `--keep` keeps the seeded
// database (its name is printed) and `--reuse NAME` measures on it again without seeding (the
// services migrate it first, so a new index is built then).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  benchPlace,
  importFrom,
  percentile,
  rssMiB,
  signIn,
  startServices,
  stopChild,
} from './children.mjs';
import { FUNCTIONS, SOPS, seed, seededCounts } from './skills-matrix-seed.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Sequential calls (one user waiting for each answer), the body read to the end.
 * @param {string} url @param {string} cookie @param {number} runs
 */
async function latency(url, cookie, runs) {
  for (let i = 0; i < 3; i += 1) await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes };
}

/**
 * The baseline: the same number of sequential runs of one plain SQL query.
 * @param {import('pg').Client} sql @param {string} text @param {unknown[]} params @param {number} runs
 */
async function sqlLatency(sql, text, params, runs) {
  const times = [];
  for (let i = 0; i < runs + 3; i += 1) {
    const started = performance.now();
    await sql.query(text, params);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** Plain SQL over the same data, one per figure: what each endpoint is measured against. */
const BASELINES = {
  matrix: `SELECT DISTINCT ON (operator_id, document_id) operator_id, document_id, score, completed_at
             FROM observation.observations
            WHERE organization_id = $1 AND operator_id IN (SELECT id FROM identity.users
                    WHERE organization_id = $1 ORDER BY name LIMIT 50)
            ORDER BY operator_id, document_id, completed_at DESC`,
  team: `SELECT operator_id, avg(score) FROM observation.observations
          WHERE organization_id = $1 AND status = 'completed'
            AND completed_at > now() - interval '90 days' GROUP BY operator_id`,
  insights: `SELECT avg(score) FROM observation.observations WHERE organization_id = $1
              AND status = 'completed' AND completed_at > now() - interval '60 days'`,
  observations: `SELECT document_id, count(*), count(*) FILTER (WHERE passed)
                   FROM observation.observations WHERE organization_id = $1
                    AND status = 'completed' AND completed_at > now() - interval '84 days'
                  GROUP BY document_id`,
  certifications: `SELECT date_trunc('month', issued_at), count(*) FROM observation.certifications
                    WHERE organization_id = $1 GROUP BY 1`,
  progress: `SELECT e.course_id, count(*) FROM observation.enrollments e
               JOIN observation.courses c ON c.id = e.course_id
              WHERE c.organization_id = $1 GROUP BY e.course_id`,
};

/** @param {number} value */
const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * p50/p95 of each call beside its baseline.
 * @param {string} base @param {string} cookie @param {import('pg').Client} sql
 * @param {{ organization: number, firstFunction: number }} counts @param {number} runs
 */
async function measureCalls(base, cookie, sql, counts, runs) {
  /** @type {[string, string, keyof typeof BASELINES][]} */
  const targets = [
    ['skills matrix, page 1 (all SOPs)', '/api/insights/skills-matrix', 'matrix'],
    [
      'skills matrix, page 1 (one job function)',
      `/api/insights/skills-matrix?jobFunctionId=${counts.firstFunction}`,
      'matrix',
    ],
    [
      'skills matrix, page 100 (search "Person 0")',
      '/api/insights/skills-matrix?search=Person%200&page=100',
      'matrix',
    ],
    ['team stats', '/api/stats/team', 'team'],
    ['insights', '/api/stats/insights', 'insights'],
    ['insights: observations', '/api/insights/observations', 'observations'],
    ['insights: certifications', '/api/insights/certifications', 'certifications'],
    ['insights: progress', '/api/insights/progress', 'progress'],
  ];
  for (const [name, url, baseline] of targets) {
    const figures = await latency(`${base}${url}`, cookie, runs);
    const plain = await sqlLatency(sql, BASELINES[baseline], [counts.organization], runs);
    console.log(
      `${name.padEnd(44)} p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} over ${runs} calls ` +
        `(${(figures.bytes / 1024).toFixed(0)} KiB); baseline SQL (${baseline}) p50 ` +
        `${ms(plain.p50)}, p95 ${ms(plain.p95)}`,
    );
  }
}

/**
 * The export: rows/s and the peak resident memory of the gateway and the observation service
 * while it streams, against every person's latest cells in one plain SQL query.
 * @param {string} base @param {string} cookie @param {import('pg').Client} sql
 * @param {number} organization @param {{ gateway: number, observation: number }} pids
 */
async function measureExport(base, cookie, sql, organization, pids) {
  const before = { gateway: rssMiB(pids.gateway), observation: rssMiB(pids.observation) };
  const peak = { ...before };
  const sampler = setInterval(() => {
    peak.gateway = Math.max(peak.gateway, rssMiB(pids.gateway));
    peak.observation = Math.max(peak.observation, rssMiB(pids.observation));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/insights/skills-matrix.csv`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  if (!response.body) throw new Error(`export failed: ${response.status}`);
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = lines - 2; // header and the gaps line
  const cellsStarted = performance.now();
  await sql.query(
    `SELECT DISTINCT ON (operator_id, document_id) operator_id, document_id, score, completed_at
       FROM observation.observations WHERE organization_id = $1
      ORDER BY operator_id, document_id, completed_at DESC`,
    [organization],
  );
  const baselineSeconds = (performance.now() - cellsStarted) / 1000;
  console.log(
    `skills matrix CSV: ${rows} rows x ${SOPS} SOPs (${(bytes / 1024 / 1024).toFixed(1)} MiB) in ` +
      `${seconds.toFixed(1)} s = ${(rows / seconds).toFixed(0)} rows/s; peak RSS gateway ` +
      `${peak.gateway.toFixed(0)} MiB (${before.gateway.toFixed(0)} before), observation ` +
      `${peak.observation.toFixed(0)} MiB (${before.observation.toFixed(0)} before); baseline: ` +
      `every person's latest cells in one plain SQL query ${baselineSeconds.toFixed(1)} s = ` +
      `${(rows / baselineSeconds).toFixed(0)} rows/s`,
  );
}

/**
 * Seeds (or, reusing a kept database, only sets the admin's password) and answers the counts.
 * @param {import('pg').Client} sql @param {string} password @param {boolean} reuse
 */
async function prepare(sql, password, reuse) {
  const { hashPassword } = await import(
    pathToFileURL(path.join(repoRoot, 'services/identity/dist/auth/passwords.js')).href
  );
  const passwordHash = await hashPassword(password);
  if (reuse) {
    // The services' migrations may have built new indexes: visible to index-only scans once
    // vacuumed, as autovacuum would have done on a live database.
    await sql.query('VACUUM ANALYZE');
    await sql.query(
      `UPDATE identity.users SET password_hash = $1 WHERE email = 'admin@bench.test'`,
      [passwordHash],
    );
    return seededCounts(sql);
  }
  const started = performance.now();
  const counts = await seed(sql, passwordHash);
  console.log(
    `seeded ${counts.people} people, ${counts.sops} SOPs, ${counts.observations} observations, ` +
      `${counts.answers} answers, ${counts.certifications} certifications, ${FUNCTIONS} job ` +
      `functions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return counts;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '40' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const place = benchPlace({ reuse: values.reuse, keep: values.keep });
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const base = await startServices(
      ['identity', 'library', 'observation', 'integration'],
      place.env,
      children,
    );
    await sql.connect();
    const counts = await prepare(sql, password, values.reuse !== undefined);
    const cookie = await signIn(base, 'admin@bench.test', password);
    await measureCalls(base, cookie, sql, counts, runs);
    const pid = (/** @type {string} */ name) =>
      /** @type {number} */ (children.find((child) => child.name === name)?.child.pid);
    await measureExport(base, cookie, sql, counts.organization, {
      gateway: pid('gateway'),
      observation: pid('observation'),
    });
    if (values.keep) console.log(`kept the database: --reuse ${place.database}`);
  } finally {
    await sql.end().catch(() => undefined);
    await stopAll();
    await place.cleanUp();
  }
}

await main();
