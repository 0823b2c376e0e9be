// Benchmark: the fixed cost of the request path. Measures requests/second and p50/p99 latency of
// `GET /api/user` and `GET /api/library/documents` (50 documents) through the real stack
// (gateway: cookie -> guard -> RPC over Redis -> identity / library -> answer) and of a bare
// Fastify server doing the same work without the gateway, Nest or the RPC hop (the session from
// Redis, the rows from PostgreSQL). The two run alternately, 3 rounds by default, with the same
// load on loopback; the medians are printed, with each process's CPU time and run-queue wait
// per request. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/request-path.mjs [--connections 50] [--duration 5] [--rounds 3]
//                                                [--profile DIR] [--node-flag=--flag=value ...]
//
// --profile DIR starts the gateway, identity and library with `--cpu-prof` and writes their
// profiles (.cpuprofile, open in Chrome DevTools or speedscope) to DIR when they stop.
// The services run with their node flags from infra/processes.json; --node-flag adds one after
// them (e.g. --node-flag=--max-semi-space-size=16 to weigh a heap setting against speed).
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It works in a fresh database
// `hub_bench_<random>`, a random Redis key prefix and a temporary data folder (bench/children.mjs),
// and removes all three at the end. The bare server is bench/request-path-bare.mjs.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort } from '../infra/launcher/ports.mjs';
import {
  benchPlace,
  importFrom,
  signIn,
  startChild,
  startServices,
  stopChild,
} from './children.mjs';
import { cpuPerRequest, cpuSnapshot, runQueueWaitSnapshot } from './process-cpu.mjs';
import { bareSessionKey } from './request-path-bare.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const SESSION_COOKIE = 'hub_session';
const DOCUMENTS = 50;

/** @typedef {{ perSecond: number, p50: number, p90: number, p99: number, p999: number, failed: number, requests: number }} Figures */
/** @typedef {{ name: string, url: string, pair: string }} Target */

/**
 * @param {string} url
 * @param {string} cookie
 * @param {{ connections: number, duration: number }} load
 */
async function measure(url, cookie, load) {
  const { default: autocannon } = await importFrom('infra', 'autocannon');
  const options = { url, headers: { cookie }, connections: load.connections };
  const result = await autocannon({ ...options, duration: load.duration });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    failed: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * An organization with an administrator and 50 documents (two tags each), straight into the
 * services' tables; the administrator signs in through the gateway.
 * @param {string} gatewayUrl
 * @param {import('pg').Client} sql
 * @param {{ email: string, password: string }} superAdmin
 */
async function seed(gatewayUrl, sql, superAdmin) {
  const superCookie = await signIn(gatewayUrl, superAdmin.email, superAdmin.password);
  const created = await fetch(`${gatewayUrl}/api/admin/organizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: superCookie },
    body: JSON.stringify({
      name: 'Bench Works',
      displayName: 'Bench Works',
      domain: 'bench.example',
    }),
  });
  const organization = /** @type {{ id: number }} */ (await created.json());
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(
      `creating the organization failed: ${created.status} ${JSON.stringify(organization)}`,
    );
  }
  const { hashPassword } = await import(
    pathToFileURL(path.join(repoRoot, 'services/identity/dist/auth/passwords.js')).href
  );
  const admin = {
    email: 'admin@bench.example',
    password: `${randomBytes(18).toString('base64url')}aA7!`,
  };
  const { rows } = await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ($1, 'Bench Admin', 'admin', $2, $3, true) RETURNING id`,
    [admin.email, organization.id, await hashPassword(admin.password)],
  );
  const userId = rows[0].id;
  await sql.query(
    `INSERT INTO library.tags (organization_id, name, color)
     VALUES ($1, 'Safety', '#ff0000'), ($1, 'Assembly', '#00ff00')`,
    [organization.id],
  );
  await sql.query(
    `INSERT INTO library.documents
       (organization_id, title, description, file_name, file_size, storage_prefix, source_key,
        uploaded_by, processing_stage, processed, sop_processed, page_count)
     SELECT $1, 'Procedure ' || n, 'How to do step ' || n || ' safely', 'procedure-' || n || '.pdf',
            100000 + n, 'bench/' || n, 'bench/' || n || '/source.pdf', $2, 'done', true, true, 12
       FROM generate_series(1, $3::int) n`,
    [organization.id, userId, DOCUMENTS],
  );
  await sql.query(
    `INSERT INTO library.document_tags (document_id, tag_id)
     SELECT d.id, t.id FROM library.documents d JOIN library.tags t USING (organization_id)
      WHERE d.organization_id = $1`,
    [organization.id],
  );
  const cookie = await signIn(gatewayUrl, admin.email, admin.password);
  return { cookie, userId, organizationId: organization.id };
}

/** The command line: load per target, rounds, where CPU profiles go, node flags to try. */
function options() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '5' },
      rounds: { type: 'string', default: '3' },
      profile: { type: 'string' },
      'node-flag': { type: 'string', multiple: true, default: [] },
    },
  });
  const load = { connections: Number(values.connections), duration: Number(values.duration) };
  const rounds = Number(values.rounds);
  if (!(load.connections >= 1 && load.connections <= 1000 && load.duration >= 1 && rounds >= 1)) {
    throw new Error('--connections must be 1..1000, --duration and --rounds at least 1');
  }
  const profileArgs = values.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`]
    : [];
  // After the process table's own flags, so they override them (V8 takes the last value).
  return { load, rounds, nodeArgs: [...values['node-flag'], ...profileArgs] };
}

/**
 * The four targets (gateway and bare, user and documents), each checked once and warmed up.
 * @param {string} gatewayUrl @param {string} bareUrl @param {string} cookie
 * @param {{ connections: number, duration: number }} load
 * @returns {Promise<Target[]>}
 */
async function checkedTargets(gatewayUrl, bareUrl, cookie, load) {
  const targets = [
    { name: 'gateway GET /api/user', url: `${gatewayUrl}/api/user`, pair: 'user' },
    { name: 'bare    GET /api/user', url: `${bareUrl}/api/user`, pair: 'user' },
    {
      name: 'gateway GET /api/library/documents',
      url: `${gatewayUrl}/api/library/documents`,
      pair: 'documents',
    },
    {
      name: 'bare    GET /api/library/documents',
      url: `${bareUrl}/api/library/documents`,
      pair: 'documents',
    },
  ];
  for (const target of targets) {
    const answer = await fetch(target.url, { headers: { cookie } });
    const body = /** @type {{ email?: string, documents?: unknown[] }} */ (await answer.json());
    const right =
      target.pair === 'user'
        ? body.email === 'admin@bench.example'
        : body.documents?.length === DOCUMENTS;
    if (answer.status !== 200 || !right) {
      throw new Error(
        `${target.name} answered ${answer.status} ${JSON.stringify(body).slice(0, 500)}`,
      );
    }
    await measure(target.url, cookie, { ...load, duration: 1 }); // warm-up: JIT, pools, connections
  }

  return targets;
}

/**
 * @typedef {import('./process-cpu.mjs').CpuSnapshot} CpuSnapshot
 * @typedef {{ cpu: CpuSnapshot, wait: CpuSnapshot }} Snapshot  CPU used and run-queue waits
 */

/**
 * Runs the targets alternately round after round, noting each process's CPU time and run-queue
 * wait around each run, and prints the medians, the ratios and both per request.
 * @param {Target[]} targets @param {string} cookie
 * @param {{ connections: number, duration: number }} load @param {number} rounds
 * @param {() => Promise<Snapshot>} snapshot
 */
async function measureRounds(targets, cookie, load, rounds, snapshot) {
  /** @type {Map<string, Figures[]>} */
  const runs = new Map(targets.map((target) => [target.name, []]));
  /** @type {Map<string, CpuSnapshot[]>} */
  const cpu = new Map(targets.map((target) => [target.name, []]));
  /** @type {Map<string, CpuSnapshot[]>} */
  const wait = new Map(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const before = await snapshot();
      const figures = await measure(target.url, cookie, load);
      const after = await snapshot();
      runs.get(target.name)?.push(figures);
      cpu.get(target.name)?.push(cpuPerRequest(before.cpu, after.cpu, figures.requests));
      wait.get(target.name)?.push(cpuPerRequest(before.wait, after.wait, figures.requests));
    }
    console.log(
      `round ${round}: ${targets.map((t) => `${runs.get(t.name)?.at(-1)?.perSecond.toFixed(0)}`).join(' / ')} req/s`,
    );
  }
  printMedians(targets, runs);
  printPerRequest('CPU ms per request (medians) ', targets, cpu);
  // Time ready to run but not running: with more busy processes than cores, each hop of a
  // request can wait for its process's next turn, which shows in the tail more than the CPU does.
  printPerRequest('run-queue wait ms per request', targets, wait);
}

/**
 * @param {Target[]} targets
 * @param {Map<string, Figures[]>} runs
 */
function printMedians(targets, runs) {
  /** @type {Map<string, Figures>} */
  const medians = new Map();
  console.log('');
  console.log(
    'target (medians)                        req/s     p50 ms   p90 ms   p99 ms p99.9 ms   failed',
  );
  for (const target of targets) {
    const all = runs.get(target.name) ?? [];
    const figures = {
      perSecond: median(all.map((run) => run.perSecond)),
      p50: median(all.map((run) => run.p50)),
      p90: median(all.map((run) => run.p90)),
      p99: median(all.map((run) => run.p99)),
      p999: median(all.map((run) => run.p999)),
      failed: all.reduce((sum, run) => sum + run.failed, 0),
      requests: all.reduce((sum, run) => sum + run.requests, 0),
    };
    medians.set(target.name, figures);
    console.log(
      `${target.name.padEnd(36)} ${figures.perSecond.toFixed(0).padStart(8)} ${String(figures.p50).padStart(10)} ${[figures.p90, figures.p99, figures.p999, figures.failed].map((n) => String(n).padStart(8)).join(' ')}`,
    );
  }
  console.log('');
  let failed = 0;
  for (const pair of ['user', 'documents']) {
    const [gateway, bare] = targets
      .filter((target) => target.pair === pair)
      .map((target) => medians.get(target.name));
    if (!gateway || !bare) continue;
    failed += gateway.failed + bare.failed;
    console.log(
      `${pair.padEnd(9)} gateway / bare: ${(gateway.perSecond / bare.perSecond).toFixed(2)}x the throughput, ${(gateway.p99 / Math.max(bare.p99, 0.001)).toFixed(2)}x the p99 latency`,
    );
  }
  if (failed > 0) {
    process.exitCode = 1;
    console.error('Some requests failed: the figures above are not comparable.');
  }
}

/**
 * Milliseconds per request by process (medians over the rounds). Redis and PostgreSQL are the
 * machine's own: work from other programs using them at the same time counts here too.
 * @param {string} title
 * @param {Target[]} targets
 * @param {Map<string, CpuSnapshot[]>} perTarget
 */
function printPerRequest(title, targets, perTarget) {
  const names = Object.keys(perTarget.get(targets[0]?.name ?? '')?.[0] ?? {});
  console.log('');
  console.log(`${title.padEnd(29)} ${names.map((n) => n.padStart(9)).join(' ')}     total`);
  for (const target of targets) {
    const rounds = perTarget.get(target.name) ?? [];
    const perProcess = names.map((name) => median(rounds.map((round) => round[name] ?? 0)));
    const total = perProcess.reduce((sum, ms) => sum + ms, 0);
    console.log(
      `${target.name.slice(0, 29).padEnd(29)} ${perProcess.map((ms) => ms.toFixed(3).padStart(9)).join(' ')} ${total.toFixed(3).padStart(9)}`,
    );
  }
}

async function main() {
  const { load, rounds, nodeArgs } = options();
  const place = benchPlace();
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const { Redis } = await importFrom('services/gateway', 'ioredis');
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const superAdmin = {
    email: String(place.env.SUPER_ADMIN_EMAIL),
    password: String(place.env.SUPER_ADMIN_PASSWORD),
  };
  try {
    console.log(
      `request-path bench: ${load.connections} connections x ${load.duration} s per target, ${rounds} rounds, database ${place.database}, Redis prefix ${place.env.REDIS_PREFIX}`,
    );
    const gatewayUrl = await startServices(['identity', 'library'], place.env, children, nodeArgs);
    const barePort = await findFreePort();
    await startChild(
      'bare',
      ['bench/request-path-bare.mjs'],
      { ...place.env, PORT: String(barePort), POOL_SIZE: '10' },
      '[bare] listening',
      children,
    );
    const sql = new pg.Client({ connectionString: place.databaseUrl });
    await sql.connect();
    const redis = new Redis(String(place.env.REDIS_URL));
    try {
      const { cookie, userId, organizationId } = await seed(gatewayUrl, sql, superAdmin);
      const token = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
      const session = JSON.stringify({ userId, organizationId });
      await redis.set(bareSessionKey(String(place.env.REDIS_PREFIX), token), session);
      const bareUrl = `http://127.0.0.1:${barePort}`;
      const targets = await checkedTargets(gatewayUrl, bareUrl, cookie, load);
      const snapshot = async () => ({
        cpu: await cpuSnapshot(children, redis, sql),
        wait: await runQueueWaitSnapshot(children, redis, sql),
      });
      await measureRounds(targets, cookie, load, rounds, snapshot);
    } finally {
      redis.disconnect();
      await sql.end();
    }
  } finally {
    await stopAll();
    await place.cleanUp();
  }
}

await main();
