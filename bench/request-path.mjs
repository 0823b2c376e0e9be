// Benchmark: the fixed cost of the request path. Measures requests/second and p50/p99 latency of
// `GET /api/user` and `GET /api/library/documents` (50 documents) through the real stack
// (gateway: cookie -> guard -> RPC over Redis -> identity / library -> answer) and of a bare
// Fastify server doing the same work without the gateway, Nest or the RPC hop (the session from
// Redis, the rows from PostgreSQL). The two run alternately, 3 rounds by default, with the same
// load on loopback; the medians are printed. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/request-path.mjs [--connections 50] [--duration 5] [--rounds 3]
//                                                [--profile DIR]
//
// --profile DIR starts the gateway, identity and library with `--cpu-prof` and writes their
// profiles (.cpuprofile, open in Chrome DevTools or speedscope) to DIR when they stop.
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It works in a fresh database
// `hub_bench_<random>`, a random Redis key prefix and a temporary data folder, and removes all
// three at the end.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort } from '../infra/launcher/ports.mjs';
import { startChild, stopChild } from './children.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SESSION_COOKIE = 'hub_session';
const DOCUMENTS = 50;

/**
 * Imports a package as the workspace that declares it would (the bench is no workspace).
 * @param {string} workspace
 * @param {string} name
 */
async function importFrom(workspace, name) {
  const require = createRequire(path.join(repoRoot, workspace, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

/** Where the bare server finds a session: the sha256 of the cookie, as identity keys them. */
const bareSessionKey = (/** @type {string} */ prefix, /** @type {string} */ token) =>
  `${prefix}bare-session:${createHash('sha256').update(token).digest('hex')}`;

/**
 * The baseline: Fastify + ioredis + pg. Cookie -> sha256 -> the session (user and organization)
 * from Redis -> one indexed query for the user row, or one for a page of documents with their
 * tags, answered as JSON.
 */
async function bareServer() {
  const { default: Fastify } = await importFrom('services/gateway', 'fastify');
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const { Redis } = await importFrom('services/gateway', 'ioredis');
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE || 10),
  });
  const redis = new Redis(String(process.env.REDIS_URL));
  const prefix = String(process.env.REDIS_PREFIX);
  const app = Fastify({ logger: false });
  /**
   * @param {{ headers: Record<string, string | string[] | undefined> }} request
   * @returns {Promise<{ userId: number, organizationId: number } | null>}
   */
  const sessionOf = async (request) => {
    const cookie = String(request.headers.cookie ?? '');
    const token = /(?:^|;\s*)hub_session=([^;]+)/.exec(cookie)?.[1];
    if (!token) return null;
    const session = await redis.get(bareSessionKey(prefix, decodeURIComponent(token)));
    return session ? JSON.parse(session) : null;
  };
  /** @typedef {{ code: (status: number) => { send: (body: unknown) => unknown } }} Reply */
  app.get('/api/user', async (/** @type {any} */ request, /** @type {Reply} */ reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ message: 'Please sign in.' });
    const { rows } = await pool.query(
      `SELECT u.id, u.email, u.name, u.role, u.organization_id AS "organizationId",
              o.display_name AS "organizationName", u.is_active AS "isActive",
              u.last_login AS "lastLogin", u.created_at AS "createdAt"
         FROM identity.users u JOIN identity.organizations o ON o.id = u.organization_id
        WHERE u.id = $1 AND u.organization_id = $2 AND u.is_active`,
      [session.userId, session.organizationId],
    );
    if (rows.length === 0) return reply.code(401).send({ message: 'Please sign in.' });
    return rows[0];
  });
  app.get(
    '/api/library/documents',
    async (/** @type {any} */ request, /** @type {Reply} */ reply) => {
      const session = await sessionOf(request);
      if (!session) return reply.code(401).send({ message: 'Please sign in.' });
      const { rows } = await pool.query(
        `SELECT d.*, count(*) OVER () AS total,
              COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color))
                          FROM library.document_tags dt JOIN library.tags t ON t.id = dt.tag_id
                         WHERE dt.document_id = d.id), '[]') AS tags
         FROM library.documents d
        WHERE d.organization_id = $1
        ORDER BY d.uploaded_at DESC, d.id DESC
        LIMIT 50`,
        [session.organizationId],
      );
      return { documents: rows, totalCount: Number(rows[0]?.total ?? 0), nextCursor: null };
    },
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('[bare] listening');
  const stop = async () => {
    await app.close();
    await pool.end();
    redis.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

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
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
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
  const superCookie = await signIn(gatewayUrl, superAdmin);
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
  return { cookie: await signIn(gatewayUrl, admin), userId, organizationId: organization.id };
}

/**
 * @param {string} gatewayUrl
 * @param {{ email: string, password: string }} account
 */
async function signIn(gatewayUrl, account) {
  const login = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const token = login.headers
    .getSetCookie()
    .map((header) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(header)?.[1])
    .find(Boolean);
  if (login.status !== 200 || !token) {
    throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  }
  return `${SESSION_COOKIE}=${token}`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '5' },
      rounds: { type: 'string', default: '3' },
      profile: { type: 'string' },
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

  const { default: pg } = await importFrom('services/gateway', 'pg');
  const { Redis } = await importFrom('services/gateway', 'ioredis');
  const suffix = randomBytes(4).toString('hex');
  const database = `hub_bench_${suffix}`;
  const databaseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hub');
  databaseUrl.pathname = `/${database}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${suffix}:`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hub-bench-'));
  const superAdmin = {
    email: 'bench@hub.local',
    password: `${randomBytes(18).toString('base64url')}aA7!`,
  };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    SUPER_ADMIN_EMAIL: superAdmin.email,
    SUPER_ADMIN_PASSWORD: superAdmin.password,
    LOG_LEVEL: 'warn',
  };
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const admin = new pg.Client({ connectionString: adminUrl.toString() });

  try {
    console.log(
      `request-path bench: ${load.connections} connections x ${load.duration} s per target, ${rounds} rounds, database ${database}, Redis prefix ${redisPrefix}`,
    );
    await startChild(
      'identity',
      [...profileArgs, 'services/identity/dist/main.js'],
      env,
      '[identity] ready',
      children,
    );
    await startChild(
      'library',
      [...profileArgs, 'services/library/dist/main.js'],
      env,
      '[library] ready',
      children,
    );
    const gatewayPort = await findFreePort();
    await startChild(
      'gateway',
      [...profileArgs, 'services/gateway/dist/main.js'],
      {
        ...env,
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      },
      '[gateway] listening',
      children,
    );
    const barePort = await findFreePort();
    await startChild(
      'bare',
      [fileURLToPath(import.meta.url), '--bare-server'],
      { ...env, PORT: String(barePort), POOL_SIZE: '10' },
      '[bare] listening',
      children,
    );

    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const sql = new pg.Client({ connectionString: databaseUrl.toString() });
    await sql.connect();
    const { cookie, userId, organizationId } = await seed(gatewayUrl, sql, superAdmin).finally(() =>
      sql.end(),
    );
    await redis.connect();
    const token = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
    await redis.set(bareSessionKey(redisPrefix, token), JSON.stringify({ userId, organizationId }));

    const bareUrl = `http://127.0.0.1:${barePort}`;
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

    /** @type {Map<string, { perSecond: number, p50: number, p99: number, failed: number }[]>} */
    const runs = new Map(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= rounds; round += 1) {
      for (const target of targets)
        runs.get(target.name)?.push(await measure(target.url, cookie, load));
      console.log(
        `round ${round}: ${targets.map((t) => `${runs.get(t.name)?.at(-1)?.perSecond.toFixed(0)}`).join(' / ')} req/s`,
      );
    }
    /** @type {Map<string, { perSecond: number, p50: number, p99: number, failed: number }>} */
    const medians = new Map();
    console.log('');
    console.log('target (medians)                        req/s     p50 ms   p99 ms   failed');
    for (const target of targets) {
      const all = runs.get(target.name) ?? [];
      const figures = {
        perSecond: median(all.map((run) => run.perSecond)),
        p50: median(all.map((run) => run.p50)),
        p99: median(all.map((run) => run.p99)),
        failed: all.reduce((sum, run) => sum + run.failed, 0),
      };
      medians.set(target.name, figures);
      console.log(
        `${target.name.padEnd(36)} ${figures.perSecond.toFixed(0).padStart(8)} ${String(figures.p50).padStart(10)} ${String(figures.p99).padStart(8)} ${String(figures.failed).padStart(8)}`,
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
  } finally {
    await stopAll();
    try {
      if (redis.status !== 'ready') await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } catch (error) {
      console.error(`could not remove the Redis keys ${redisPrefix}*: ${error}`);
    } finally {
      redis.disconnect();
    }
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (error) {
      console.error(`could not drop the database ${database}: ${error}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--bare-server') await bareServer();
else await main();
