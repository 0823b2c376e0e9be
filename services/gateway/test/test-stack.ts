import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { readIdentityConfig } from '../../identity/src/config.js';
import { openIdentityDatabase } from '../../identity/src/database.js';
import { openLibraryDatabase } from '../../library/src/database.js';
import { openObservationDatabase } from '../../observation/src/database.js';
import { openVideoDatabase } from '../../video/src/database.js';
import { openIntegrationDatabase } from '../../integration/src/database.js';
import { startIdentity, type RunningIdentity } from '../../identity/src/identity.app.js';
import { hashPassword } from '../../identity/src/auth/passwords.js';
import { readLibraryConfig } from '../../library/src/config.js';
import { startLibrary, type RunningLibrary } from '../../library/src/library.app.js';
import { readObservationConfig } from '../../observation/src/config.js';
import {
  startObservation,
  type RunningObservation,
} from '../../observation/src/observation.app.js';
import { readVideoConfig } from '../../video/src/config.js';
import { startVideo, type RunningVideo } from '../../video/src/video.app.js';
import { readIntegrationConfig } from '../../integration/src/config.js';
import {
  startIntegration,
  type RunningIntegration,
} from '../../integration/src/integration.app.js';
import { readGatewayConfig } from '../src/config.js';
import { createGateway, type RunningGateway } from '../src/gateway.app.js';
import { api, type Role } from '@hub/proto';
import { claimTemplateResources, migratedTemplate, TEST_REDIS_URL } from '@hub/testing';
import { type ObjectStorage, openStorage } from '@hub/kit';
import {
  callUrl,
  type CallOptions,
  type Contract,
  parseAnswer,
  type RawAnswer,
  readAnswerBody,
  type ResponseOf,
} from './api-client.js';

export const SUPER_ADMIN = { email: 'root@platform.test', password: 'Sup3r-Secret-Pass!' };

export interface TestStack {
  url: string;
  databaseUrl: string;
  redisPrefix: string;
  /** The environment every process of the stack was configured with. */
  env: Record<string, string>;
  gateway: RunningGateway;
  identity: RunningIdentity;
  library: RunningLibrary;
  observation: RunningObservation;
  video: RunningVideo;
  integration: RunningIntegration;
  /** The suite's database as identity's schema: a pool, so set-ups may write at once. */
  sql: pg.Pool;
  redis: Redis;
  /** The same object storage the services use. */
  storage: ObjectStorage;
  createOrganization(name: string, domain: string): Promise<number>;
  createUser(user: NewUser): Promise<number>;
  stop(): Promise<void>;
}

export interface NewUser {
  email: string;
  password?: string;
  name?: string;
  role: Role;
  organizationId: number;
  isActive?: boolean;
}

const SERVICES_DIR = fileURLToPath(new URL('../../', import.meta.url));
const SERVICES = ['identity', 'library', 'observation', 'video', 'integration'];

/** Every service's schema, migrated once into a template each suite's database is copied from. */
const STACK_TEMPLATE = migratedTemplate(
  SERVICES.map((service) => join(SERVICES_DIR, service)),
  [
    openIdentityDatabase,
    openLibraryDatabase,
    openObservationDatabase,
    openVideoDatabase,
    openIntegrationDatabase,
  ],
);

/**
 * The argon2id hash of a fixture password, made once per password in a vitest worker: the
 * suites' people share a handful of passwords (45 people, 12 passwords in eight gateway files),
 * and each hash costs 12-30 ms of CPU. Signing in still verifies it; the routes that set a
 * password hash it themselves.
 */
const fixtureHashes = new Map<string, Promise<string>>();
function fixtureHash(password: string): Promise<string> {
  let hash = fixtureHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    fixtureHashes.set(password, hash);
  }
  return hash;
}

type Closable = { close(): Promise<unknown> };

/** Every start's result, or, when one fails, the others closed and its error thrown. */
async function startAllOrNone<T extends readonly Promise<Closable>[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((result) => result.status === 'rejected');
  if (!failed) {
    return settled.map((result) => (result as PromiseFulfilledResult<Closable>).value) as {
      -readonly [K in keyof T]: Awaited<T[K]>;
    };
  }
  for (const result of settled) {
    if (result.status === 'fulfilled') await result.value.close().catch(() => undefined);
  }
  throw failed.reason;
}

/**
 * Starts identity and the gateway in this process against a database and a Redis key prefix
 * of their own, so suites never see each other's data; stop() removes both.
 */
export async function startTestStack(
  env: Record<string, string> = {},
  /** How the services reach the suite's database (a relay the test can cut, for instance). */
  servicesDatabaseUrl: (databaseUrl: string) => string = (url) => url,
): Promise<TestStack> {
  const resources = await claimTemplateResources(STACK_TEMPLATE);
  const { databaseUrl, redisPrefix } = resources;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-test-'));
  const common = {
    NODE_ENV: 'test',
    DATABASE_URL: servicesDatabaseUrl(databaseUrl),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    PORT: '0',
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    // No worker processes run here; tests that want them start them in-process.
    HEALTH_REQUIRED_WORKERS: 'none',
    // A suite's requests come a few at a time: each session more is a PostgreSQL backend to start
    // and warm (sixteen gateway files: 82 CPU-s with three a service, 85-99 with ten; docs/testing.md).
    DATABASE_POOL_SIZE: '3',
    ...env,
  };
  // The services do not wait for each other to start (requests come later, through the
  // gateway), so they start at once; a suite's set-up is then the slowest of them.
  const [identity, library, observation, video, integration] = await startAllOrNone([
    startIdentity(readIdentityConfig(common)),
    startLibrary(readLibraryConfig(common)),
    startObservation(readObservationConfig(common)),
    startVideo(readVideoConfig(common)),
    startIntegration(readIntegrationConfig(common)),
  ] as const);
  const gateway = await createGateway(readGatewayConfig(common));
  const sql = new pg.Pool({
    connectionString: databaseUrl,
    options: '-c search_path=identity',
    max: 4,
  });
  const redis = new Redis(TEST_REDIS_URL);
  return {
    url: gateway.url,
    env: common,
    databaseUrl,
    redisPrefix,
    gateway,
    identity,
    library,
    observation,
    video,
    integration,
    sql,
    redis,
    storage: openStorage(readGatewayConfig(common)),
    async createOrganization(name, domain) {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO organizations (name, display_name, domain) VALUES ($1, $1, $2) RETURNING id`,
        [name, domain],
      );
      return rows[0]!.id;
    },
    async createUser(user) {
      const hash = user.password ? await fixtureHash(user.password) : null;
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          user.email,
          user.name ?? user.email.split('@')[0],
          user.role,
          user.organizationId,
          hash,
          user.isActive ?? true,
        ],
      );
      return rows[0]!.id;
    },
    async stop() {
      await gateway.close();
      await Promise.all([identity, library, observation, video, integration].map((s) => s.close()));
      await sql.end();
      redis.disconnect();
      await resources.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny cookie-keeping HTTP client, like a browser for one user. */
export class ApiSession {
  cookie = '';
  lastSetCookie: string | null = null;

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookie(response);
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, body: json, headers: response.headers };
  }

  /**
   * A multipart upload the way a browser's FormData sends it: fields first, then the file
   * (or, with `fileFirst`, the file and then the fields, as some clients do).
   */
  async upload(
    path: string,
    fields: Record<string, string>,
    file?: { field: string; name: string; data: Buffer },
    options: { fileFirst?: boolean; headers?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    const appendFile = () => {
      if (file) form.append(file.field, new Blob([new Uint8Array(file.data)]), file.name);
    };
    if (options.fileFirst) appendFile();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (!options.fileFirst) appendFile();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...options.headers },
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  /**
   * Calls a route of proto's `api` table with this person's session; the answer is parsed by
   * the route's response schema, a non-success answer thrown as an ApiCallError (expectError).
   */
  async call<R extends Contract>(route: R, options: CallOptions<R> = {}): Promise<ResponseOf<R>> {
    return parseAnswer(route, await this.send(route, options));
  }

  /** The route called as `call` does, its answer unparsed: status, headers, body. */
  async send<R extends Contract>(route: R, options: CallOptions<R> = {}): Promise<RawAnswer> {
    const response = await this.open(route, options);
    return {
      status: response.status,
      body: await readAnswerBody(response),
      headers: response.headers,
    };
  }

  /** The route's HTTP answer with its body unread: for bytes (files, ranges of a stream). */
  async open<R extends Contract>(route: R, options: CallOptions<R> = {}): Promise<Response> {
    // A POST without a body still sends `{}`, as the browser's client does (not to an upload).
    const empty = route.method === 'POST' && !route.upload ? {} : undefined;
    const body = options.invalidBody ?? options.body ?? empty;
    const response = await fetch(`${this.baseUrl}${callUrl(route, options)}`, {
      method: route.method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookie(response);
    return response;
  }

  /** A multipart upload route (`upload` in its contract), the answer parsed as `call`'s. */
  async uploadTo<R extends Contract>(
    route: R,
    fields: Record<string, string>,
    file?: { field?: string; name: string; data: Buffer },
    options: CallOptions<R> & { fileFirst?: boolean } = {},
  ): Promise<ResponseOf<R>> {
    const field = file?.field ?? route.upload?.fileField ?? 'file';
    const answer = await this.upload(
      callUrl(route, options),
      fields,
      file && { ...file, field },
      options,
    );
    return parseAnswer(route, answer);
  }

  private keepCookie(response: Response) {
    this.lastSetCookie = response.headers.get('set-cookie');
    const match = this.lastSetCookie?.match(/hub_session=([^;]*)/);
    if (match) this.cookie = match[1] ? `hub_session=${match[1]}` : '';
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }

  put(path: string, body: unknown) {
    return this.request('PUT', path, body);
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }

  login(email: string, password: string, rememberMe = false) {
    return this.post(api.login.path, { email, password, rememberMe });
  }
}

const REPO_ROOT = new URL('../../../', import.meta.url);

/** A file from the shared fixtures beside the project (`../shared/fixtures/` from the repo root). */
export function fixture(relativePath: string): URL {
  return new URL(`../shared/fixtures/${relativePath}`, REPO_ROOT);
}

/** Reads until `done` holds (every 300 ms), failing with the last value read after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not in time: ${JSON.stringify(value)}`);
    // As often as vitest's expect.poll looks (vitest.config.ts): a state reached is seen within
    // a tenth of a second (300 ms was one more interval in a good part of a hundred waits).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
