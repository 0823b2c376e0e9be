// Benchmark: what the gateway's session check costs. Measures requests/second and p99 latency of
// `GET /api/user` through the gateway (cookie -> guard -> RPC over Redis to identity -> answer)
// and of a bare Fastify server that does the same session lookup straight in PostgreSQL, with
// the same load (connections x duration) on loopback, in one run. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/session-lookup.mjs [--connections 10] [--duration 5]
//
// Needs the built services (npm start or `npx turbo run build`) and PostgreSQL + Redis at
// DATABASE_URL / REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It works in a fresh database
// `hub_bench_<random>` and a random Redis key prefix, and removes both at the end.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort } from '../infra/launcher/ports.mjs';
import { startChild, stopChild } from './children.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const SESSION_COOKIE = 'hub_session';

/**
 * Imports a package as the workspace that declares it would (the bench is no workspace).
 * @param {string} workspace
 * @param {string} name
 */
async function importFrom(workspace, name) {
  const require = createRequire(path.join(repoRoot, workspace, 'package.json'));
  return import(pathToFileURL(require.resolve(name)).href);
}

if (process.argv[2] === '--bare-server') await bareServer();
else await main();

/**
 * The baseline: Fastify + pg, cookie -> sha256 -> one indexed query, as the identity service's
 * own session lookup does, without the gateway, Nest or the RPC hop.
 */
async function bareServer() {
  const { default: Fastify } = await importFrom('services/gateway', 'fastify');
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_SIZE || 10),
  });
  const app = Fastify({ logger: false });
  /**
   * @param {{ headers: Record<string, string | string[] | undefined> }} request
   * @param {{ code: (status: number) => { send: (body: unknown) => unknown } }} reply
   */
  const currentUser = async (request, reply) => {
    const cookie = String(request.headers.cookie ?? '');
    const token = /(?:^|;\s*)hub_session=([^;]+)/.exec(cookie)?.[1];
    if (!token) return reply.code(401).send({ message: 'Please sign in.' });
    const digest = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
    const { rows } = await pool.query(
      `SELECT u.id, u.email, u.name, u.role, u.organization_id AS "organizationId"
         FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`,
      [digest],
    );
    if (rows.length === 0) return reply.code(401).send({ message: 'Please sign in.' });
    return rows[0];
  };
  app.get('/api/user', currentUser);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('[bare] listening');
  const stop = async () => {
    await app.close();
    await pool.end();
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
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, pools, connections
  const result = await autocannon({ ...options, duration: load.duration });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '10' },
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '5' },
    },
  });
  const load = { connections: Number(values.connections), duration: Number(values.duration) };
  if (!(load.connections >= 1 && load.connections <= 1000 && load.duration >= 1)) {
    throw new Error('--connections must be 1..1000 and --duration at least 1 (seconds)');
  }

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
  const email = 'bench@hub.local';
  const password = `${randomBytes(18).toString('base64url')}aA7!`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SUPER_ADMIN_EMAIL: email,
    SUPER_ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    console.log(
      `session-lookup bench: ${load.connections} connections x ${load.duration} s per target, database ${database}, Redis prefix ${redisPrefix}`,
    );
    await startChild(
      'identity',
      ['services/identity/dist/main.js'],
      env,
      '[identity] ready',
      children,
    );
    const gatewayPort = await findFreePort();
    await startChild(
      'gateway',
      ['services/gateway/dist/main.js'],
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
      { ...env, PORT: String(barePort), POOL_SIZE: String(load.connections) },
      '[bare] listening',
      children,
    );

    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const login = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = login.headers
      .getSetCookie()
      .map((header) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(header)?.[1])
      .find(Boolean);
    if (login.status !== 200 || !token) {
      throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    }
    const cookie = `${SESSION_COOKIE}=${token}`;
    const targets = [
      { name: 'gateway  GET /api/user', url: `${gatewayUrl}/api/user` },
      { name: 'bare     Fastify + pg', url: `http://127.0.0.1:${barePort}/api/user` },
    ];
    for (const target of targets) {
      const answer = await fetch(target.url, { headers: { cookie } });
      const body = /** @type {{ email?: string }} */ (await answer.json());
      if (answer.status !== 200 || body.email !== email) {
        throw new Error(`${target.name} answered ${answer.status} ${JSON.stringify(body)}`);
      }
    }

    const results = [];
    for (const target of targets) {
      results.push({ ...target, ...(await measure(target.url, cookie, load)) });
    }
    console.log('');
    console.log('target                      req/s     p50 ms   p99 ms   requests   failed');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(24)} ${r.perSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(10)} ${String(r.p99).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.failed).padStart(8)}`,
      );
    }
    const [gateway, bare] = /** @type {[typeof results[0], typeof results[0]]} */ (results);
    console.log('');
    console.log(
      `gateway / bare: ${(gateway.perSecond / bare.perSecond).toFixed(2)}x the throughput, ${(gateway.p99 / Math.max(bare.p99, 0.001)).toFixed(2)}x the p99 latency`,
    );
    if (gateway.failed + bare.failed > 0) {
      process.exitCode = 1;
      console.error('Some requests failed: the figures above are not comparable.');
    }
  } finally {
    await stopAll();
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
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
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    try {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (error) {
      console.error(`could not drop the database ${database}: ${error}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
}
