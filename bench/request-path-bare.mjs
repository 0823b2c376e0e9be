// The request-path bench's baseline: a bare Fastify server doing the gateway's work without the
// gateway, Nest or the RPC hop (the session from Redis, the rows from PostgreSQL). Started by
// bench/request-path.mjs with PORT, DATABASE_URL, REDIS_URL and REDIS_PREFIX; prints
// "[bare] listening" when it answers.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { importFrom } from './children.mjs';

/** Where the bare server finds a session: the sha256 of the cookie, as identity keys them. */
export const bareSessionKey = (/** @type {string} */ prefix, /** @type {string} */ token) =>
  `${prefix}bare-session:${createHash('sha256').update(token).digest('hex')}`;

/**
 * The baseline: Fastify + ioredis + pg. Cookie -> sha256 -> the session (user and organization)
 * from Redis -> one indexed query for the user row, or one for a page of documents with their
 * tags, answered as JSON.
 */
export async function bareServer() {
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bareServer();
