// A stand-in for the cloud camera provider's HTTP API, served from recorded fixtures: no real
// provider is reachable from here, and the adapter must be tested over HTTP, never against a mock
// of itself. The fixture accounts pick the behaviour: normal, limited scope (403 on listing),
// throttled (429 + Retry-After), slow (answers after the client's timeout), flaky (every other
// call 503) and down (every call 503). Paging is real: at most `pageSizeLimit` cameras a page.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';

/** @param {string} name */
const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/** The shared fixtures folder (../shared/fixtures from the project root). */
const SHARED_FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));

/**
 * What each camera shows by default: recorded pictures from the shared face photos, so that
 * identification has real faces to find. A camera whose picture is missing shows a blank one.
 * @returns {Record<string, string>}
 */
function recordedSnapshots() {
  /** @type {{ cameras: Record<string, string> }} */
  const recorded = fixture('snapshots.json');
  return Object.fromEntries(
    Object.entries(recorded.cameras)
      .map(([cameraId, file]) => [cameraId, `${SHARED_FIXTURES}${file}`])
      .filter(([, path]) => existsSync(path ?? '')),
  );
}

/** A 1x1 grey JPEG: the snapshot of a camera that has no picture configured. */
const BLANK_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

/**
 * @typedef {{ clientId: string, clientSecret: string, scopes: string[], behaviour: string,
 *   retryAfterSeconds?: number, delayMs?: number, failEvery?: number }} Account
 * @typedef {{ id: string, name: string, model: string, notes: string, online: boolean }} SimCamera
 * @typedef {{ method: string, path: string, clientId: string | null, status: number }} LoggedRequest
 * @typedef {{ port?: number, host?: string, snapshots?: Record<string, string>,
 *   recorded?: boolean }} SimulatorOptions
 * @typedef {{ url: string, requests: LoggedRequest[], setSnapshot(cameraId: string, file: string): void,
 *   setOnline(cameraId: string, online: boolean): void, close(): Promise<void> }} RunningSimulator
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
 */

/** @type {Account[]} */
const ACCOUNTS = fixture('accounts.json');
/** @type {{ pageSizeLimit: number, cameras: SimCamera[] }} */
const CATALOGUE = fixture('cameras.json');
/** @type {Record<string, { status: number, body: Record<string, string> }>} */
const RESPONSES = fixture('responses.json');

/**
 * @param {Res} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** @param {Res} res @param {string} name @param {Record<string, string>} [headers] */
function sendRecorded(res, name, headers = {}) {
  const recorded = RESPONSES[name];
  if (!recorded) throw new Error(`no recorded response ${name}`);
  sendJson(res, recorded.status, recorded.body, headers);
}

/** @param {Req} req @returns {Promise<Record<string, string>>} */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/** Per-account counters, so throttled and flaky accounts alternate deterministically. */
class Behaviour {
  /** @type {Map<string, number>} */
  calls = new Map();

  /**
   * Whether the account's behaviour answered the request already (a failure, or after a delay).
   * @param {Account} account @param {Res} res @returns {Promise<boolean>}
   */
  async intercept(account, res) {
    const count = (this.calls.get(account.clientId) ?? 0) + 1;
    this.calls.set(account.clientId, count);
    if (account.behaviour === 'down') return (sendRecorded(res, 'unavailable'), true);
    if (account.behaviour === 'slow') await new Promise((r) => setTimeout(r, account.delayMs));
    if (account.behaviour === 'flaky' && count % (account.failEvery ?? 2) === 1) {
      sendRecorded(res, 'unavailable');
      return true;
    }
    if (account.behaviour === 'throttled' && count % 2 === 1) {
      sendRecorded(res, 'rateLimited', { 'retry-after': String(account.retryAfterSeconds ?? 1) });
      return true;
    }
    return res.writableEnded || res.destroyed;
  }
}

/** @param {SimulatorOptions} [options] @returns {Promise<RunningSimulator>} */
export async function startCameraSimulator(options = {}) {
  /** @type {Map<string, Account>} */
  const tokens = new Map();
  /** @type {Map<string, string>} */
  const clips = new Map();
  // Recorded pictures unless asked not to; pictures given in the options win.
  const snapshots = new Map(
    Object.entries({
      ...(options.recorded === false ? {} : recordedSnapshots()),
      ...(options.snapshots ?? {}),
    }),
  );
  /** @type {LoggedRequest[]} */
  const requests = [];
  const behaviour = new Behaviour();
  // Cameras a test took offline or brought back, over the recorded catalogue.
  /** @type {Map<string, boolean>} */
  const online = new Map();
  /** @param {SimCamera} camera */
  const isOnline = (camera) => online.get(camera.id) ?? camera.online;

  /** @param {Req} req @returns {Account | undefined} */
  const bearer = (req) => {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    return match ? tokens.get(match[1] ?? '') : undefined;
  };

  /** @param {Req} req @param {Res} res @param {URL} url */
  async function token(req, res, url) {
    const body = await readBody(req);
    const account = ACCOUNTS.find(
      (candidate) =>
        candidate.clientId === body.client_id && candidate.clientSecret === body.client_secret,
    );
    log(req, url, account?.clientId ?? null, res);
    if (body.grant_type !== 'client_credentials') return sendRecorded(res, 'unsupportedGrant');
    if (!account) return sendRecorded(res, 'invalidClient');
    if (await behaviour.intercept(account, res)) return;
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, account);
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: account.scopes.join(' '),
    });
  }

  /** @param {Account} account @param {Res} res @param {URL} url */
  function listCameras(account, res, url) {
    if (!account.scopes.includes('cameras:read')) return sendRecorded(res, 'insufficientScope');
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const perPage = Math.min(
      CATALOGUE.pageSizeLimit,
      Math.max(1, Number(url.searchParams.get('per_page') ?? 25) || 25),
    );
    const slice = CATALOGUE.cameras.slice((page - 1) * perPage, page * perPage);
    const more = page * perPage < CATALOGUE.cameras.length;
    sendJson(res, 200, {
      data: slice.map(({ id, name, model, notes }) => ({ id, name, model, notes })),
      meta: {
        page,
        per_page: perPage,
        total: CATALOGUE.cameras.length,
        next_page: more ? page + 1 : null,
      },
    });
  }

  /** @param {Account} account @param {Res} res @param {string[]} parts */
  async function camera(account, res, parts) {
    const found = CATALOGUE.cameras.find((candidate) => candidate.id === parts[2]);
    if (!found) return sendRecorded(res, 'cameraNotFound');
    if (parts[3] === 'status')
      return sendJson(res, 200, {
        id: found.id,
        online: isOnline(found),
        last_seen_at: new Date().toISOString(),
      });
    if (!account.scopes.includes('media:read')) return sendRecorded(res, 'insufficientScope');
    if (!isOnline(found)) return sendRecorded(res, 'cameraOffline');
    if (parts[3] === 'snapshot') return sendSnapshot(res, found.id);
    const clipId = `clip-${randomBytes(6).toString('hex')}`;
    clips.set(clipId, found.id);
    sendJson(res, 202, { id: clipId, status: 'processing' });
  }

  /** @param {Res} res @param {string} cameraId @param {string} [type] */
  function sendSnapshot(res, cameraId, type = 'image/jpeg') {
    const file = snapshots.get(cameraId);
    const bytes = file ? readFileSync(file) : BLANK_JPEG;
    const contentType = file?.endsWith('.png') ? 'image/png' : type;
    res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
    res.end(bytes);
  }

  /** A clip is ready on its first poll; its download is the camera's current picture. */
  /** @param {Res} res @param {string[]} parts */
  function clip(res, parts) {
    const cameraId = clips.get(parts[2] ?? '');
    if (!cameraId) return sendRecorded(res, 'clipNotFound');
    if (parts[3] === 'download') return sendSnapshot(res, cameraId, 'video/x-motion-jpeg');
    sendJson(res, 200, {
      id: parts[2],
      status: 'ready',
      download_path: `/v1/clips/${parts[2]}/download`,
    });
  }

  /** @param {Req} req @param {URL} url @param {string | null} clientId @param {Res} res */
  function log(req, url, clientId, res) {
    const entry = { method: req.method ?? 'GET', path: url.pathname, clientId, status: 0 };
    requests.push(entry);
    res.once('finish', () => (entry.status = res.statusCode));
  }

  /** @param {Req} req @param {Res} res */
  async function route(req, res) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === '/oauth/token') return token(req, res, url);
    const account = bearer(req);
    log(req, url, account?.clientId ?? null, res);
    if (!account) return sendRecorded(res, 'invalidToken');
    if (await behaviour.intercept(account, res)) return;
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && url.pathname === '/v1/cameras')
      return listCameras(account, res, url);
    if (parts[1] === 'cameras' && parts.length === 4) return camera(account, res, parts);
    if (parts[1] === 'clips' && req.method === 'GET') return clip(res, parts);
    sendRecorded(res, 'notFound');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal', message: String(error) });
    });
  });
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined)),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setSnapshot(cameraId, file) {
      snapshots.set(cameraId, file);
    },
    setOnline(cameraId, isUp) {
      online.set(cameraId, isUp);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** @param {string} clientId */
const account = (clientId) => {
  const found = ACCOUNTS.find((candidate) => candidate.clientId === clientId);
  if (!found) throw new Error(`no fixture account ${clientId}`);
  return { clientId: found.clientId, clientSecret: found.clientSecret };
};

/** The fixture accounts, by behaviour, for tests and the README. */
export const SIMULATOR_ACCOUNTS = {
  demo: account('hub-demo'),
  limited: account('hub-limited'),
  throttled: account('hub-throttled'),
  throttledLong: account('hub-throttled-long'),
  slow: account('hub-slow'),
  flaky: account('hub-flaky'),
  down: account('hub-down'),
};
export const SIMULATOR_CAMERA_COUNT = CATALOGUE.cameras.length;
