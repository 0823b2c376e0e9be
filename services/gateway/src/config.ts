import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';
import { VIDEO_MAX_BYTES, WORKER_KINDS } from '@hub/proto';
import { TrustProxy } from './http/trust-proxy.js';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export const GatewayEnv = BaseEnv.extend(StorageEnv.shape).extend({
  // 0 picks a free port (tests and benchmarks).
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:8080'),
  /** The built web app; served with client-side routes falling back to index.html. */
  WEB_DIST: z.string().min(1).default(defaultWebDist),
  SERVE_WEB: z.stringbool().default(true),
  /**
   * Whose X-Forwarded-For is believed (http/trust-proxy.ts): `false`, a count of proxies in front, or
   * their addresses; `true` believes every entry, the left-most of which the client may write.
   */
  TRUST_PROXY: TrustProxy,
  /** Failures on one account from all addresses within the window; beyond, only known addresses. */
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(25),
  /** Failures from one address on all accounts within the window (credential stuffing). */
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().positive().default(100),
  /** All sign-ins from one address within the window: high, a factory NAT signs a shift in. */
  LOGIN_MAX_ATTEMPTS_PER_CLIENT: z.coerce.number().int().positive().default(1000),
  /** Failures of one account+address pair before the backoff starts. */
  LOGIN_FREE_FAILURES_PER_PAIR: z.coerce.number().int().min(0).default(5),
  LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().positive().default(2),
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().positive().default(900),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Signs short-lived file links; give every gateway replica the same one. Random per start when absent. */
  FILE_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long a resolved session is reused before asking identity again (0: never reused). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * A CSV download asks again this often whether the session or API token it started with
   * still holds, and stops once it does not (0: before every part it sends).
   */
  CSV_CREDENTIAL_CHECK_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Requests per minute one SCIM token may make (a provider past it is answered 429). */
  SCIM_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Requests per minute one API token may make (past it: 429 with Retry-After). */
  API_TOKEN_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Certificate verifications (public, no sign-in) per client address and minute, wrong codes
   * counted too: guessing codes is what it bounds (past it: 429 with Retry-After).
   */
  CERTIFICATE_VERIFY_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * The largest video upload, refused while it streams: the spec's 2 GB. Lower only for a test
   * of that refusal, which then streams 68 MB instead of 2 GB (its message still says 2GB).
   */
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(VIDEO_MAX_BYTES)
    .default(VIDEO_MAX_BYTES),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How long each ask of the video service's create waits for its answer (RPC_TIMEOUT_MS when
   * unset). Shortened only by the test of a create answered late, which waits it out twice.
   */
  VIDEO_CREATE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  /** Worker kinds /api/health needs alive to answer 200: a comma-separated list, or `none`. */
  HEALTH_REQUIRED_WORKERS: z
    .string()
    .default(WORKER_KINDS.join(','))
    .transform((value) =>
      value.trim() === 'none' ? [] : value.split(',').map((kind) => kind.trim()),
    )
    .pipe(z.array(z.enum(WORKER_KINDS))),
  /** Set by the launcher of `npm start`: its processes and restarts, reported in /api/health. */
  LAUNCHER_STATE_FILE: z.string().min(1).optional(),
});
export type GatewayConfig = z.infer<typeof GatewayEnv>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const readGatewayConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(GatewayEnv, env);
