// Benchmark: the skills matrix, team stats and insights at scale, through the gateway. Seeds one
// organization with 10,000 people, 500 SOPs, 100,000 observations with 1,000,000 answers
// (generate_series, straight into each service's tables after their migrations ran), the
// certifications their passes issued and 20 job functions of 25 SOPs each; then prints p50/p95 of
// GET /api/insights/skills-matrix (first page of 50 rows: all SOPs, and one job function),
// GET /api/stats/team, GET /api/stats/insights and the Insights chart pages (observations,
// certifications, progress over 20 courses with 2 enrolments a person), each beside a baseline:
// one plain SQL query of the same data over the same connection pool size (what the endpoint
// cannot beat), and the CSV export's rows/s with the peak RSS of the gateway and the observation
// service while it streams. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/skills-matrix.mjs [--runs 40]
//
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It works in a fresh database
// `hub_bench_<random>` and a random Redis key prefix, and removes both at the end.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort } from '../infra/launcher/ports.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PEOPLE = 10_000;
const SOPS = 500;
const OBSERVATIONS = 100_000;
const QUESTIONS = 10;
const FUNCTIONS = 20;
const SOPS_PER_FUNCTION = 25;
const COURSES = 20;
const SOPS_PER_COURSE = 5;

/**
 * Imports a package as the workspace that declares it would (the bench is no workspace).
 * @param {string} workspace
 * @param {string} name
 */
async function importFrom(workspace, name) {
  const require = createRequire(path.join(repoRoot, workspace, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/**
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess, output: string[] }} Child
 */

/**
 * Starts a built service and resolves once it prints `readyText`.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 * @param {Child[]} children
 * @returns {Promise<Child>}
 */
function startService(name, env, children) {
  const entry = `services/${name}/dist/main.js`;
  const readyText = name === 'gateway' ? '[gateway] listening' : `[${name}] ready`;
  const child = spawn(process.execPath, [entry], { cwd: repoRoot, env, stdio: 'pipe' });
  /** @type {Child} */
  const handle = { name, child, output: [] };
  children.push(handle);
  return new Promise((resolve, reject) => {
    const failure = (/** @type {string} */ what) =>
      new Error(`${name} ${what}. Its last output:\n${handle.output.join('\n')}`);
    const timer = setTimeout(() => reject(failure('did not start in 300 s')), 300_000);
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        handle.output.push(line);
        if (handle.output.length > 40) handle.output.shift();
        if (line.includes(readyText)) {
          clearTimeout(timer);
          resolve(handle);
        }
      });
    }
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(failure(`exited (${signal ?? `code ${code}`}) while starting`));
    });
  });
}

/** @param {Child} handle */
function stopChild({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process in MiB, from /proc (Linux). @param {number} pid */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/**
 * Every table is filled by set-based statements: the seeding itself has no per-row round trip.
 * @param {import('pg').Client} sql
 * @param {string} passwordHash
 */
async function seed(sql, passwordHash) {
  const [{ id: org }] = (
    await sql.query(
      `INSERT INTO identity.organizations (name, display_name, domain)
       VALUES ('bench-plant', 'Bench Plant', 'bench.test') RETURNING id`,
    )
  ).rows;
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ('admin@bench.test', 'Bench Admin', 'admin', $1, $2, true)`,
    [org, passwordHash],
  );
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, is_active, last_login, created_at)
     SELECT 'person' || n || '@bench.test', 'Person ' || lpad(n::text, 5, '0'),
            CASE WHEN n % 100 = 0 THEN 'manager' WHEN n % 100 = 1 THEN 'training_supervisor'
                 ELSE 'operator' END,
            $1, true, now() - make_interval(days => n % 40), now() - make_interval(days => n % 400)
       FROM generate_series(1, ${PEOPLE}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO library.documents (organization_id, title, file_name, file_size, storage_prefix,
       source_key, uploaded_by, processed, sop_processed, text_key, evaluation_generated,
       evaluation_id, processing_stage)
     SELECT $1::int, 'SOP ' || lpad(n::text, 3, '0'), 'sop' || n || '.pdf', 100000,
            'org/' || $1::int || '/documents/' || n,
            'org/' || $1::int || '/documents/' || n || '/source.pdf',
            1, true, true, 'org/' || $1::int || '/documents/' || n || '/sop.txt', true, n, 'done'
       FROM generate_series(1, ${SOPS}) n`,
    [org],
  );
  const people = `(SELECT array_agg(id ORDER BY id) FROM identity.users WHERE email LIKE 'person%')`;
  const documents = `(SELECT array_agg(id ORDER BY id) FROM library.documents WHERE organization_id = $1)`;
  // Each observation: one person, one SOP, over the last 400 days; scores spread 40-100.
  await sql.query(
    `INSERT INTO observation.observations (organization_id, evaluation_id, document_id,
       evaluation_title, questions, operator_id, operator_name, observer_id, observer_name, status,
       pass_mark, score, passed, started_at, completed_at, duration_seconds)
     SELECT $1, d, d, 'SOP ' || d || ' evaluation',
            (SELECT jsonb_agg(jsonb_build_object('id', 'q' || q)) FROM generate_series(1, ${QUESTIONS}) q),
            p, 'Person ' || p, 1, 'Bench Admin', 'completed', 80, s, s >= 80,
            t, t + interval '12 minutes', 720
       FROM (SELECT (${people})[(1 + (n::bigint * 7919) % ${PEOPLE})::int] AS p,
                    (${documents})[(1 + (n::bigint * 104729) % ${SOPS})::int] AS d,
                    40 + (n * 31) % 61 AS s,
                    now() - make_interval(days => (n * 13) % 400, mins => n % 1440) AS t
               FROM generate_series(1, ${OBSERVATIONS}) n) o`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.observation_responses (observation_id, question_id, selected_option,
       selected_option_text, correct, time_spent_seconds, manager_notes, answered_at)
     SELECT o.id, 'q' || q, 'A', '', (o.id + q) % 10 < o.score / 10, 30, '', o.started_at
       FROM observation.observations o, generate_series(1, ${QUESTIONS}) q
      WHERE o.organization_id = $1`,
    [org],
  );
  // The certification each person's latest pass of an SOP issued (12 months), as the issuer does.
  await sql.query(
    `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind, subject_id,
       title, observation_id, observer_id, score, validity_months, issued_at, expires_at,
       verification_code)
     SELECT DISTINCT ON (operator_id, document_id) $1, operator_id, operator_name, 'sop',
            document_id, evaluation_title, id, 1, score, 12, completed_at,
            completed_at + interval '12 months', upper(substr(md5(id::text), 1, 12))
       FROM observation.observations WHERE organization_id = $1 AND passed
      ORDER BY operator_id, document_id, completed_at DESC`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_functions (organization_id, name, created_by)
     SELECT $1, 'Function ' || lpad(n::text, 2, '0'), 1 FROM generate_series(1, ${FUNCTIONS}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_function_sops (job_function_id, document_id, title)
     SELECT f.id, d.id, d.title
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.job_functions
              WHERE organization_id = $1) f
       JOIN (SELECT id, title, row_number() OVER (ORDER BY id) - 1 AS j FROM library.documents
              WHERE organization_id = $1) d
         ON d.j >= f.i * ${SOPS_PER_FUNCTION} AND d.j < (f.i + 1) * ${SOPS_PER_FUNCTION}`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.job_function_members (job_function_id, organization_id, user_id)
     SELECT f.id, $1, u.id
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.job_functions
              WHERE organization_id = $1) f
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS j FROM identity.users
              WHERE email LIKE 'person%') u ON u.j % ${FUNCTIONS} = f.i`,
    [org],
  );
  // Courses of 5 SOPs each; every person enrolled in two of them.
  await sql.query(
    `INSERT INTO observation.courses (organization_id, title, description, category, duration,
       difficulty, created_by, due_date)
     SELECT $1, 'Course ' || lpad(n::text, 2, '0'), '', 'Safety', '1 h', 'Beginner', 1,
            current_date + n
       FROM generate_series(1, ${COURSES}) n`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.course_sops (course_id, position, document_id, title)
     SELECT c.id, k, d.ids[(1 + (c.i * ${SOPS_PER_COURSE} + k) % ${SOPS})::int], 'SOP'
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM observation.courses
              WHERE organization_id = $1) c,
            (SELECT array_agg(id ORDER BY id) AS ids FROM library.documents
              WHERE organization_id = $1) d,
            generate_series(1, ${SOPS_PER_COURSE}) k`,
    [org],
  );
  await sql.query(
    `INSERT INTO observation.enrollments (course_id, user_id, enrolled_at)
     SELECT cs.ids[(1 + (u.j + e) % ${COURSES})::int], u.id,
            now() - make_interval(days => (u.j % 60)::int)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS j FROM identity.users
              WHERE email LIKE 'person%') u,
            (SELECT array_agg(id ORDER BY id) AS ids FROM observation.courses
              WHERE organization_id = $1) cs,
            generate_series(0, 1) e`,
    [org],
  );
  await sql.query('ANALYZE');
  const counts = (
    await sql.query(
      `SELECT (SELECT count(*) FROM identity.users WHERE organization_id = $1)::int AS people,
              (SELECT count(*) FROM library.documents WHERE organization_id = $1)::int AS sops,
              (SELECT count(*) FROM observation.observations)::int AS observations,
              (SELECT count(*) FROM observation.observation_responses)::int AS answers,
              (SELECT count(*) FROM observation.certifications)::int AS certifications,
              (SELECT min(id) FROM observation.job_functions)::int AS "firstFunction",
              $1::int AS organization`,
      [org],
    )
  ).rows[0];
  return counts;
}

/** @param {number[]} sorted @param {number} share */
const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

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

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
  const runs = Number(values.runs);
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const { Redis } = await importFrom('services/gateway', 'ioredis');
  const { hashPassword } = await import(
    pathToFileURL(path.join(repoRoot, 'services/identity/dist/auth/passwords.js')).href
  );
  const suffix = randomBytes(4).toString('hex');
  const database = `hub_bench_${suffix}`;
  const databaseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hub');
  databaseUrl.pathname = `/${database}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${suffix}:`;
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SUPER_ADMIN_EMAIL: 'root@platform.test', // its organization must not take bench.test
    SUPER_ADMIN_PASSWORD: password,
    DATA_DIR: path.join(repoRoot, '.data', `bench-${suffix}`),
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const sql = new pg.Client({ connectionString: databaseUrl.toString() });
  /** @type {Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    for (const name of ['identity', 'library', 'observation']) {
      await startService(name, env, children);
    }
    const port = await findFreePort();
    const gateway = await startService(
      'gateway',
      { ...env, PORT: String(port), HOST: '127.0.0.1', SERVE_WEB: 'false' },
      children,
    );
    const observation = children.find((child) => child.name === 'observation');
    if (!observation) throw new Error('the observation service did not start');
    await sql.connect();
    const seedStarted = performance.now();
    const counts = await seed(sql, await hashPassword(password));
    console.log(
      `seeded ${counts.people} people, ${counts.sops} SOPs, ${counts.observations} observations, ` +
        `${counts.answers} answers, ${counts.certifications} certifications, ${FUNCTIONS} job ` +
        `functions in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@bench.test', password }),
    });
    await login.text();
    const token = login.headers
      .getSetCookie()
      .map((header) => /^hub_session=([^;]+)/.exec(header)?.[1])
      .find(Boolean);
    if (login.status !== 200 || !token) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = `hub_session=${token}`;
    const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
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
    // The export: rows/s and the peak resident memory of both processes while it streams.
    const gatewayPid = /** @type {number} */ (gateway.child.pid);
    const observationPid = /** @type {number} */ (observation.child.pid);
    const before = {
      gateway: rssMiB(gatewayPid),
      observation: rssMiB(observationPid),
    };
    const peak = { ...before };
    const sampler = setInterval(() => {
      peak.gateway = Math.max(peak.gateway, rssMiB(gatewayPid));
      peak.observation = Math.max(peak.observation, rssMiB(observationPid));
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
      [counts.organization],
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
  } finally {
    await sql.end().catch(() => undefined);
    await stopAll();
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
