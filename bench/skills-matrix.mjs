// Benchmark: the skills matrix, team stats and insights at scale, through the gateway, on the
// organization of skills-matrix-seed.mjs (10,000 people, 500 SOPs, 1,000,000 answers). Prints
// p50/p95 of GET /api/insights/skills-matrix (first page of 50 rows: all SOPs, and one job
// function), GET /api/stats/team, GET /api/stats/insights and the Insights chart pages
// (observations, certifications, progress over 20 courses with 2 enrolments a person), each
// beside a baseline: one plain SQL query of the same data (what the endpoint cannot beat), and
// the two CSV exports (skills matrix, observation history): their time and rows/s, each beside one
// plain SQL query of the same data run right after it, with every service's peak RSS while it
// streams (and its growth). `--runs 0` measures the exports alone. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/skills-matrix.mjs [--runs 40 | --runs 0] [--keep | --reuse hub_bench_xxxx]
//     [--people 10000 --sops 500 --answers 1000000] [--no-exports] [--only 'team member']
//
// The size flags seed a larger organization (issue #49: --people 100000 --sops 1000
// --answers 5000000); `--no-exports` leaves out the two CSV exports (minutes at that size).
//
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It seeds a fresh database `hub_bench_<random>`
// and a random Redis key prefix, and removes both at the end; `--keep` keeps the seeded
// database (its name is printed) and `--reuse NAME` measures on it again without seeding (the
// services migrate it first, so a new index is built then).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
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
import { ANSWERS, FUNCTIONS, PEOPLE, SOPS, seed, seededCounts } from './skills-matrix-seed.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Sequential calls (one user waiting for each answer), the body read to the end.
 * @param {string} url @param {string} cookie @param {number} runs
 */
async function latency(url, cookie, runs) {
  for (let i = 0; i < Math.min(3, runs); i += 1)
    await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  const times = [];
  let bytes = 0;
  /** @type {number[]} */
  const failures = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.arrayBuffer();
    // A failed call (e.g. 503: an RPC past its deadline at 100,000 people) is timed and counted.
    if (response.status !== 200) failures.push(response.status);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes, failures };
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
  // Every member (what /api/team/members answered before it paged, searched in the browser).
  members: `SELECT id, name, email, role, is_active FROM identity.users
             WHERE organization_id = $1 ORDER BY name`,
  // The team page's first page of 50 by name, and the count beside it.
  membersPage: `SELECT id, name, email, role, is_active,
                       (SELECT count(*) FROM identity.users WHERE organization_id = $1) AS total
                  FROM identity.users WHERE organization_id = $1 ORDER BY name, id LIMIT 50`,
  // One page of members found by a name search.
  memberSearch: `SELECT id, name, email, role, is_active FROM identity.users
                  WHERE organization_id = $1 AND name ILIKE '%' || 'Person 0999' || '%'
                  ORDER BY name LIMIT 50`,
  // One member's page: their latest observations (the member is the organization's last person).
  member: `SELECT id, evaluation_title, observer_name, status, score, passed, started_at
             FROM observation.observations WHERE organization_id = $1 AND operator_id =
                  (SELECT max(id) FROM identity.users WHERE organization_id = $1)
            ORDER BY started_at DESC, id DESC LIMIT 100`,
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

/** The machine's 1-minute load average (it is shared: read the figures beside it). */
const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(1);

/** @param {number} value */
const ms = (value) => `${value.toFixed(0)} ms`;

/**
 * p50/p95 of each call beside its baseline.
 * @param {string} base @param {string} cookie @param {import('pg').Client} sql
 * @param {{ organization: number, firstFunction: number, lastPerson: number }} counts
 * @param {number} runs @param {string} only the calls whose name has this text ('' for all)
 */
async function measureCalls(base, cookie, sql, counts, runs, only) {
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
    [
      'skills matrix, page 1 (search "Person 0999")',
      '/api/insights/skills-matrix?search=Person%200999',
      'matrix',
    ],
    ['team stats', '/api/stats/team', 'team'],
    ['team page: members (page 1)', '/api/team/members', 'membersPage'],
    ['team page: members page 100', '/api/team/members?page=100', 'membersPage'],
    ['team page: member search', '/api/team/members?search=Person%200999', 'memberSearch'],
    ['team member page', `/api/team/members/${counts.lastPerson}`, 'member'],
    ['insights', '/api/stats/insights', 'insights'],
    ['insights: observations', '/api/insights/observations', 'observations'],
    ['insights: certifications', '/api/insights/certifications', 'certifications'],
    ['insights: progress', '/api/insights/progress', 'progress'],
  ];
  for (const [name, url, baseline] of targets.filter(([name]) => name.includes(only))) {
    const figures = await latency(`${base}${url}`, cookie, runs);
    const plain = await sqlLatency(sql, BASELINES[baseline], [counts.organization], runs);
    console.log(
      `${name.padEnd(44)} p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} over ${runs} calls ` +
        `(${(figures.bytes / 1024).toFixed(0)} KiB); baseline SQL (${baseline}) p50 ` +
        `${ms(plain.p50)}, p95 ${ms(plain.p95)}` +
        (figures.failures.length
          ? `; FAILED ${figures.failures.join(',')} in ${figures.failures.length} calls`
          : ''),
    );
  }
}

/** Plain SQL of each export's data, run in the same process right after it: its baseline. */
const EXPORT_BASELINES = {
  // Every person's latest cell per SOP (the matrix's cells without its people and titles).
  matrix: `SELECT DISTINCT ON (operator_id, document_id) operator_id, document_id, score, completed_at
             FROM observation.observations WHERE organization_id = $1
            ORDER BY operator_id, document_id, completed_at DESC`,
  // Every observation with its answer and finding counts (the history's columns).
  observations: `SELECT o.id, o.started_at, o.completed_at, o.status, o.evaluation_title,
                        o.document_id, o.operator_name, o.observer_name,
                        jsonb_array_length(o.questions), r.answered, r.correct, o.score, o.passed,
                        o.pass_mark, o.duration_seconds, f.findings, f.open_findings
                   FROM observation.observations o
                   LEFT JOIN (SELECT observation_id, count(*) AS answered,
                                     count(*) FILTER (WHERE correct) AS correct
                                FROM observation.observation_responses GROUP BY observation_id) r
                     ON r.observation_id = o.id
                   LEFT JOIN (SELECT observation_id, count(*) AS findings,
                                     count(*) FILTER (WHERE status = 'open') AS open_findings
                                FROM observation.findings GROUP BY observation_id) f
                     ON f.observation_id = o.id
                  WHERE o.organization_id = $1 ORDER BY o.id`,
};

/**
 * One CSV export: its time and rows/s, the peak resident memory of every service while it
 * streams (against its RSS just before), then its baseline, one plain SQL query of the same
 * data, in the same run.
 * @param {string} name @param {string} url @param {keyof typeof EXPORT_BASELINES} baseline
 * @param {number} extraLines lines that are not rows (header, gaps line)
 * @param {string} cookie @param {import('pg').Client} sql @param {number} organization
 * @param {Record<string, number>} pids
 */
async function measureExport(name, url, baseline, extraLines, cookie, sql, organization, pids) {
  const names = Object.keys(pids);
  /** @param {string} process */
  const rss = (process) => {
    try {
      return rssMiB(pids[process] ?? 0);
    } catch {
      return 0; // it exited: reported by the exit listener
    }
  };
  /** @type {Record<string, number>} */
  const before = Object.fromEntries(names.map((process) => [process, rss(process)]));
  const peak = { ...before };
  const sampler = setInterval(() => {
    for (const process of names) peak[process] = Math.max(peak[process] ?? 0, rss(process));
  }, 20);
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  let firstByte = 0;
  if (!response.body || response.status !== 200)
    throw new Error(`export failed: ${response.status}`);
  for await (const chunk of response.body) {
    if (bytes === 0) firstByte = (performance.now() - started) / 1000;
    bytes += chunk.byteLength;
    // indexOf, not a loop over every byte: that took about 1 CPU-s of the 58 MiB matrix itself.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = lines - extraLines;
  const sqlStarted = performance.now();
  const plain = await sql.query(EXPORT_BASELINES[baseline], [organization]);
  const baselineSeconds = (performance.now() - sqlStarted) / 1000;
  const growth = names
    .map((process) => {
      const [high, low] = [peak[process] ?? 0, before[process] ?? 0];
      return `${process} ${high.toFixed(0)} MiB (+${(high - low).toFixed(0)})`;
    })
    .join(', ');
  console.log(
    `${name}: ${rows} rows (${(bytes / 1024 / 1024).toFixed(1)} MiB) in ${seconds.toFixed(2)} s = ` +
      `${(rows / seconds).toFixed(0)} rows/s (first byte after ${firstByte.toFixed(2)} s); baseline plain SQL (${baseline}, ` +
      `${plain.rowCount} rows) ${baselineSeconds.toFixed(2)} s; peak RSS ${growth}`,
  );
}

/**
 * Seeds (or, reusing a kept database, only sets the admin's password) and answers the counts.
 * @param {import('pg').Client} sql @param {string} password @param {boolean} reuse
 * @param {import('./skills-matrix-seed.mjs').Size} size
 */
async function prepare(sql, password, reuse, size) {
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
  const counts = await seed(sql, passwordHash, size);
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
      people: { type: 'string', default: String(PEOPLE) },
      sops: { type: 'string', default: String(SOPS) },
      answers: { type: 'string', default: String(ANSWERS) },
      exports: { type: 'boolean', default: true },
      only: { type: 'string', default: '' },
    },
    allowNegative: true,
  });
  const size = {
    people: Number(values.people),
    sops: Number(values.sops),
    answers: Number(values.answers),
  };
  const runs = Number(values.runs);
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const place = benchPlace({ reuse: values.reuse, keep: values.keep });
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  let stopping = false;
  const stopAll = () => {
    stopping = true;
    return Promise.all(children.map(stopChild));
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const base = await startServices(
      // video: a member's page asks it for their appearances (without it: a 10 s RPC timeout).
      ['identity', 'library', 'observation', 'video', 'integration'],
      place.env,
      children,
      // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=bench-profiles' to profile every process.
      process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    );
    await sql.connect();
    const counts = await prepare(sql, password, values.reuse !== undefined, size);
    const cookie = await signIn(base, 'admin@bench.test', password);
    if (runs > 0) await measureCalls(base, cookie, sql, counts, runs, values.only);
    const pid = (/** @type {string} */ name) =>
      /** @type {number} */ (children.find((child) => child.name === name)?.child.pid);
    for (const { name, child, output } of children) {
      child.once('exit', (code, signal) => {
        if (!stopping) console.log(`${name} exited (${signal ?? code}):\n${output.join('\n')}`);
      });
    }
    const pids = Object.fromEntries(
      ['gateway', 'identity', 'library', 'observation'].map((name) => [name, pid(name)]),
    );
    console.log(`load average ${loadAverage()} on ${os.cpus().length} cores`);
    if (values.exports) await measureExports(base, cookie, sql, counts.organization, pids);
    console.log(`load average ${loadAverage()}`);
    if (values.keep) console.log(`kept the database: --reuse ${place.database}`);
  } finally {
    await sql.end().catch(() => undefined);
    await stopAll();
    await place.cleanUp();
  }
}

/**
 * The two CSV exports, one after the other.
 * @param {string} base @param {string} cookie @param {import('pg').Client} sql
 * @param {number} organization @param {Record<string, number>} pids
 */
async function measureExports(base, cookie, sql, organization, pids) {
  await measureExport(
    `skills matrix CSV (x ${SOPS} SOPs)`,
    `${base}/api/insights/skills-matrix.csv`,
    'matrix',
    2, // the header and the gaps line
    cookie,
    sql,
    organization,
    pids,
  );
  await measureExport(
    'observations CSV',
    `${base}/api/reports/observations.csv`,
    'observations',
    1, // the header
    cookie,
    sql,
    organization,
    pids,
  );
}

await main();
