import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CAMERA_LIST_MAX, failureReasonOf } from '@hub/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  SIMULATOR_CAMERA_COUNT,
  startCameraSimulator,
} from '@hub/infra/camera-simulator';
import { CAMERA_PAGE_MIN } from './camera-pages.js';
import { CloudCameraProviders, SNAPSHOT_MAX_BYTES } from './cloud-camera-provider.js';
import { ANSWER_MAX_BYTES } from './provider-answers.js';
import { DEFAULT_POLICY, type ResiliencePolicy } from './resilience.js';
import { cameraPage, pageAsked } from '../test-support/paging-provider.js';
import { failure } from '../test-support/provider-failure.js';

// Short waits keep the suite quick; the behaviour under test is the same as with the defaults.
const POLICY: ResiliencePolicy = {
  ...DEFAULT_POLICY,
  timeoutMs: 300,
  backoffMs: 20,
  maxRetryAfterMs: 2000,
  breakerFailures: 5,
  breakerResetMs: 60_000,
};

/** The limits of a system answering at its own pace, far past what its pages take. */
const UNHURRIED = { timeoutMs: 10_000, pagesBudgetMs: 60_000 };

let simulator: RunningSimulator;
beforeAll(async () => {
  simulator = await startCameraSimulator();
});
afterAll(() => simulator.close());

const provider = (account: keyof typeof SIMULATOR_ACCOUNTS, policy = POLICY) =>
  new CloudCameraProviders(policy).open({ baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS[account] });

const callsOf = (clientId: string) =>
  simulator.requests.filter((request) => request.clientId === clientId);

describe('the cloud camera adapter, over HTTP against the provider simulator', () => {
  it('signs in and lists every camera across pages of at most five', async () => {
    const demo = provider('demo');
    await demo.verify();
    const { cameras } = await demo.listCameras(SIMULATOR_CAMERA_COUNT);
    expect(cameras).toHaveLength(SIMULATOR_CAMERA_COUNT);
    expect(cameras[0]).toEqual({
      id: 'cam-101',
      name: 'Loading Dock North',
      model: 'Alta Dome D4',
      notes: 'Covers bays 1-3',
    });
    const pages = callsOf('hub-demo').filter((request) => request.path === '/v1/cameras');
    expect(pages.length).toBe(Math.ceil(SIMULATOR_CAMERA_COUNT / 5));
  });

  it('stops reading pages once more cameras than asked for have come', async () => {
    const demo = provider('demo');
    const before = callsOf('hub-demo').filter((request) => request.path === '/v1/cameras').length;
    const all = await demo.listCameras(SIMULATOR_CAMERA_COUNT);
    expect(all.more).toBe(false);
    expect(all.cameras).toHaveLength(SIMULATOR_CAMERA_COUNT);
    // The first page (of five) holds more than three: the second is not asked for.
    const first = await demo.listCameras(3);
    expect(first).toEqual({ cameras: all.cameras.slice(0, 3), more: 'cameras' });
    const pages = callsOf('hub-demo').filter((request) => request.path === '/v1/cameras');
    expect(pages.length - before).toBe(Math.ceil(SIMULATOR_CAMERA_COUNT / 5) + 1);
  });

  it('finds a camera on any page, for an assignment, and tells one it does not have', async () => {
    const demo = provider('demo');
    const { cameras } = await demo.listCameras(SIMULATOR_CAMERA_COUNT);
    const last = cameras[SIMULATOR_CAMERA_COUNT - 1]!;
    await expect(demo.findCamera(last.id)).resolves.toEqual(last);
    await expect(demo.findCamera('cam-999')).resolves.toBeNull();
  });

  it('reads camera status, a snapshot and an exported clip', async () => {
    const demo = provider('demo');
    expect(await demo.cameraState('cam-106')).toMatchObject({ online: false });
    expect(await demo.cameraState('cam-101')).toMatchObject({ online: true });
    const snapshot = await demo.snapshot('cam-101');
    expect(snapshot.contentType).toBe('image/jpeg');
    expect(snapshot.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const clip = await demo.exportClip('cam-102', new Date(Date.now() - 10_000), 5);
    expect(clip.bytes.length).toBeGreaterThan(0);
    expect((await failure(demo.snapshot('cam-999'))).kind).toBe('not_found');
  });

  it('reports wrong credentials with the provider message and does not retry them', async () => {
    const wrong = new CloudCameraProviders(POLICY).open({
      baseUrl: simulator.url,
      clientId: 'hub-demo',
      clientSecret: 'not-the-secret',
    });
    const before = simulator.requests.length;
    const error = await failure(wrong.verify());
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('Client authentication failed: unknown client or wrong secret.');
    expect(simulator.requests.length - before).toBe(1);
  });

  it('passes on a 403 of a limited scope with the message and suggestion', async () => {
    const limited = provider('limited');
    await limited.verify();
    const error = await failure(limited.listCameras(100));
    expect(error.kind).toBe('scope');
    expect(error.message).toContain('cameras:read scope was not granted');
    expect(error.suggestion).toContain('Grant the API client the cameras:read scope');
  });

  it('waits as long as Retry-After asks on a 429, then succeeds', async () => {
    const throttled = provider('throttled');
    await throttled.verify();
    expect(await throttled.cameraState('cam-101')).toMatchObject({ online: true });
    const statuses = callsOf('hub-throttled').map((request) => request.status);
    expect(statuses).toEqual([429, 200, 429, 200]);
  });

  it('gives up at once when Retry-After is longer than allowed', async () => {
    const error = await failure(provider('throttledLong').verify());
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toContain('retry after 120 s');
    expect(callsOf('hub-throttled-long')).toHaveLength(1);
  });

  it('times out a slow system after the configured time, each attempt', async () => {
    const error = await failure(provider('slow').verify());
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The camera system did not answer within 0.3 s.');
    expect(callsOf('hub-slow')).toHaveLength(POLICY.maxAttempts);
  });

  it('retries a failing call with backoff until it goes through', async () => {
    const flaky = provider('flaky');
    await flaky.verify();
    expect(await flaky.cameraState('cam-101')).toMatchObject({ online: true });
    expect(callsOf('hub-flaky').map((request) => request.status)).toContain(503);
  });

  it('opens the circuit after five failures in a row and stops calling', async () => {
    const providers = new CloudCameraProviders(POLICY);
    const down = () => providers.open({ baseUrl: simulator.url, ...SIMULATOR_ACCOUNTS.down });
    const first = await failure(down().verify());
    expect(first.kind).toBe('unavailable');
    expect(first.message).toContain('HTTP 503');
    expect(callsOf('hub-down')).toHaveLength(3);
    const open = await failure(down().verify());
    expect(open.kind).toBe('circuit_open');
    expect(open.message).toMatch(/failed 5 times in a row; calls resume in \d+ s/);
    expect(callsOf('hub-down')).toHaveLength(5);
    expect((await failure(down().listCameras(100))).kind).toBe('circuit_open');
    expect(callsOf('hub-down')).toHaveLength(5);
  });

  it('reports an address where nothing listens as unreachable', async () => {
    const nowhere = new CloudCameraProviders({ ...POLICY, maxAttempts: 1 }).open({
      baseUrl: 'http://127.0.0.1:9',
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const error = await failure(nowhere.verify());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('Could not reach the camera system at http://127.0.0.1:9');
  });
});

describe('a download the camera system points elsewhere', () => {
  const hits: string[] = [];
  let elsewhere: Server;
  let system: Server;
  const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      hits.push(`${req.url} ${req.headers.authorization ?? ''}`);
      res.end('secret');
    });
    // A camera system whose finished clip names an absolute address of another host.
    system = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') res.end(JSON.stringify({ access_token: 'tok-123' }));
      else
        res.end(
          JSON.stringify({
            id: 'c1',
            status: 'ready',
            download_path: `${urlOf(elsewhere)}/latest/meta-data`,
          }),
        );
    });
    await Promise.all(
      [elsewhere, system].map((server) => new Promise<void>((done) => server.listen(0, done))),
    );
  });
  afterAll(() =>
    Promise.all([elsewhere, system].map((server) => new Promise((done) => server.close(done)))),
  );

  it('is refused without a request there, its access token kept to the system', async () => {
    const camera = new CloudCameraProviders({ ...POLICY, maxAttempts: 1 }).open({
      baseUrl: urlOf(system),
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const error = await failure(camera.exportClip('cam-1', new Date(), 5));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe('The camera system pointed a download to another address.');
    expect(hits).toEqual([]);
  });
});

describe('a snapshot larger than the service accepts', () => {
  let system: Server;
  let sent = 0;

  beforeAll(async () => {
    // Claims more than the limit but sends a few bytes, and holds the rest back: the adapter must
    // refuse on the claim, without waiting for (or keeping) a body.
    system = createServer((req, res) => {
      if (req.url === '/oauth/token') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ access_token: 'tok-123' }));
        return;
      }
      if (req.url === '/v1/cameras/stalled/snapshot') {
        // Within the limit, but the rest never comes.
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '1024' });
        res.write('jpeg');
        return;
      }
      if (req.url === '/v1/cameras/unbounded/snapshot') {
        // No content-length: 8 KB in chunks, twice the limit the test sets.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        for (let chunk = 0; chunk < 8; chunk += 1) res.write(Buffer.alloc(1024));
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'image/jpeg',
        'content-length': String(SNAPSHOT_MAX_BYTES + 1),
      });
      res.write('jpeg');
      sent += 1;
    });
    await new Promise<void>((done) => system.listen(0, done));
  });
  afterAll(() => {
    system.closeAllConnections();
    return new Promise((done) => system.close(done));
  });

  it('is refused from its content-length, without reading it to the end', async () => {
    const camera = new CloudCameraProviders({ ...POLICY, maxAttempts: 1 }).open({
      baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const error = await failure(camera.snapshot('cam-1'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      'The camera system sent a snapshot larger than the 20 MB this service accepts.',
    );
    expect(sent).toBe(1);
  });

  it('that stops coming is a timeout of the camera system', async () => {
    const camera = new CloudCameraProviders({ ...POLICY, maxAttempts: 1 }).open({
      baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const error = await failure(camera.snapshot('stalled'));
    expect(error.kind).toBe('timeout');
  });

  it('without a content-length, is refused once more than the limit has arrived', async () => {
    const limits = { snapshot: 4096, clip: 4096 };
    const camera = new CloudCameraProviders({ ...POLICY, maxAttempts: 1 }, limits).open({
      baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
      ...SIMULATOR_ACCOUNTS.demo,
    });
    const error = await failure(camera.snapshot('unbounded'));
    expect(error.kind).toBe('protocol');
    // The test's bound of 4 KB, in the megabytes the sentence names.
    expect(failureReasonOf(error.message)).toEqual({
      code: 'camera_system_snapshot_too_large',
      params: { megabytes: '0.00391' },
    });
  });
});

/** A camera system whose every answer is `bytes` long (but valid JSON), sent in chunks. */
const hugeJson = (head: string, tail: string, bytes: number) =>
  Readable.from(
    (function* () {
      yield head;
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
      yield tail;
    })(),
  );

describe('answers larger than the service reads into memory', () => {
  // 64 MB, far above the bound, written only as fast as the adapter reads it: a bounded read
  // stops taking it long before the end, an unbounded one reads it whole.
  const HUGE = 64 * 1024 * 1024;
  let system: Server;
  let huge: 'token' | 'page' | 'status' | 'error' | 'claimed' | null = null;
  /** The huge answers sent, and whether each was taken to its end. */
  const answers: { finished: boolean; closed: boolean }[] = [];

  const sendHuge = (res: ServerResponse, status: number, head: string, tail: string) => {
    const answer = { finished: false, closed: false };
    answers.push(answer);
    res.on('finish', () => (answer.finished = true));
    res.on('close', () => (answer.closed = true));
    res.writeHead(status, { 'content-type': 'application/json' });
    pipeline(hugeJson(head, tail, HUGE), res).catch(() => undefined);
  };

  beforeAll(async () => {
    system = createServer((req, res) => {
      const url = req.url ?? '';
      if (url === '/oauth/token') {
        if (huge === 'token') return sendHuge(res, 200, '{"access_token":"', '"}');
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ access_token: 'tok-123' }));
      }
      if (url.startsWith('/v1/cameras?') && huge === 'page')
        return sendHuge(
          res,
          200,
          '{"data":[{"id":"cam-1","name":"',
          '"}],"meta":{"next_page":null}}',
        );
      if (url.startsWith('/v1/cameras?') && huge === 'error')
        return sendHuge(res, 403, '{"error_description":"', '"}');
      if (url.startsWith('/v1/cameras?') && huge === 'claimed') {
        // Says how large it is, and sends only its first bytes.
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(HUGE),
        });
        res.write('{"data":[');
        answers.push({ finished: false, closed: false });
        return;
      }
      if (url === '/v1/cameras/cam-1/status' && huge === 'status')
        return sendHuge(res, 200, '{"online":true,"last_seen_at":"', '"}');
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => system.listen(0, done));
  });
  afterAll(() => {
    system.closeAllConnections();
    return new Promise((done) => system.close(done));
  });

  // The timeout is not under test here: long enough for the bound to be reached first.
  const camera = () =>
    new CloudCameraProviders({ ...POLICY, timeoutMs: 10_000, maxAttempts: 1 }).open({
      baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
      ...SIMULATOR_ACCOUNTS.demo,
    });

  /** The last huge answer was dropped by the adapter before it was all sent. */
  const droppedEarly = async () => {
    const answer = answers.at(-1)!;
    await expect.poll(() => answer.closed).toBe(true);
    expect(answer.finished).toBe(false);
  };

  it('refuses a page of cameras once more than the bound has arrived', async () => {
    huge = 'page';
    const error = await failure(camera().listCameras(CAMERA_LIST_MAX));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(
      `The camera system sent a page of cameras larger than the ${ANSWER_MAX_BYTES / 1024 / 1024} MB this service accepts.`,
    );
    await droppedEarly();
  });

  it('refuses the same page when looking a camera up', async () => {
    huge = 'page';
    const error = await failure(camera().findCamera('cam-1'));
    expect(error.message).toContain('sent a page of cameras larger than');
    await droppedEarly();
  });

  it('refuses a page whose content-length claims more, without reading it', async () => {
    huge = 'claimed';
    const error = await failure(camera().listCameras(CAMERA_LIST_MAX));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('sent a page of cameras larger than');
  });

  it('refuses an endless sign-in answer, in the connection test', async () => {
    huge = 'token';
    const error = await failure(camera().verify());
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('sent a sign-in answer larger than');
    await droppedEarly();
  });

  it('refuses a huge camera status', async () => {
    huge = 'status';
    const error = await failure(camera().cameraState('cam-1'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('sent an answer larger than');
    await droppedEarly();
  });

  it('keeps the kind of a refusal whose words are too long to read, without them', async () => {
    huge = 'error';
    const error = await failure(camera().listCameras(CAMERA_LIST_MAX));
    expect(error.kind).toBe('scope');
    expect(error.message).toBe('HTTP 403');
    await droppedEarly();
  });
});

describe('a camera system answering small pages', () => {
  let system: Server;
  /** The cameras of the system and how many it answers a page, whatever per_page asks. */
  let shape = {
    cameras: 0,
    perPage: 0,
    pageDelayMs: 0,
    /** The first page answered after pageDelayMs; those before it answer at once. */
    slowFrom: 1,
    refusedFrom: 0,
    refusedWith: 429,
    /** Sign-ins answered; those after them are held until the adapter gives up (0: all). */
    signInsAnswered: 0,
  };
  let pagesAsked = 0;
  /**
   * Each test's system signs its client in with a token of its own, and counts the pages asked
   * with it: a page the test before asked just as its budget ended can reach the system after
   * the next test began (on a loaded machine it did: three pages where two were expected).
   */
  let generation = 0;
  let signIns = 0;
  /** Held sign-ins the adapter gave up on (closed their connection). */
  let signInsDropped = 0;

  beforeAll(async () => {
    system = createServer(async (req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') {
        signIns += 1;
        if (shape.signInsAnswered === 0 || signIns <= shape.signInsAnswered)
          return res.end(JSON.stringify({ access_token: `tok-${generation}` }));
        res.on('close', () => (signInsDropped += 1));
        return;
      }
      const page = pageAsked(req.url);
      if (req.headers.authorization === `Bearer tok-${generation}`) pagesAsked += 1;
      if (shape.pageDelayMs > 0 && page >= shape.slowFrom)
        await new Promise((resolve) => setTimeout(resolve, shape.pageDelayMs));
      if (shape.refusedFrom > 0 && page >= shape.refusedFrom) {
        res.statusCode = shape.refusedWith;
        if (shape.refusedWith === 429) res.setHeader('retry-after', '1');
        return res.end(JSON.stringify({ error: 'refused', message: 'No more pages now.' }));
      }
      res.end(JSON.stringify(cameraPage(page, shape.cameras, shape.perPage)));
    });
    await new Promise<void>((done) => system.listen(0, done));
  });
  afterAll(() => {
    system.closeAllConnections();
    return new Promise((done) => system.close(done));
  });

  /** How the system is slow or refuses (as `shape` says), and the adapter's budget and attempts. */
  interface Slow {
    pageDelayMs: number;
    budgetMs: number;
    slowFrom?: number;
    refusedFrom?: number;
    refusedWith?: number;
    maxAttempts?: number;
    /** Each attempt's time limit, when a page must fail past the budget by timing out. */
    timeoutMs?: number;
    signInsAnswered?: number;
  }

  const camera = (cameras: number, perPage: number, slow?: Slow) => {
    shape = {
      cameras,
      perPage,
      pageDelayMs: slow?.pageDelayMs ?? 0,
      slowFrom: slow?.slowFrom ?? 1,
      refusedFrom: slow?.refusedFrom ?? 0,
      refusedWith: slow?.refusedWith ?? 429,
      signInsAnswered: slow?.signInsAnswered ?? 0,
    };
    generation += 1;
    pagesAsked = 0;
    signIns = 0;
    signInsDropped = 0;
    // A system that is not made slow is given time enough on any machine: a loaded one took
    // over 0.3 s for one of a thousand pages, and the test is of the pages, not of the clock.
    const budget = { pagesBudgetMs: slow?.budgetMs ?? UNHURRIED.pagesBudgetMs };
    const maxAttempts = slow?.maxAttempts ?? 1;
    // An exchange is given the budget's time left or its timeout, whichever is shorter: a short
    // timeout of its own would end a first page a loaded machine was slow to answer, and a retry
    // would ask for it again.
    const timeoutMs = slow?.timeoutMs ?? UNHURRIED.timeoutMs;
    return new CloudCameraProviders({ ...POLICY, maxAttempts, timeoutMs, ...budget }).open({
      baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
      ...SIMULATOR_ACCOUNTS.demo,
    });
  };

  it('lists the first 10,000 of 10,050 cameras at 20 a page, and says there are more', async () => {
    const { cameras, more } = await camera(10_050, 20).listCameras(CAMERA_LIST_MAX);
    expect(cameras).toHaveLength(CAMERA_LIST_MAX);
    expect(cameras.at(-1)?.id).toBe('cam-10000');
    expect(more).toBe('cameras');
    // The page holding the 10,001st camera is the last one asked for.
    expect(pagesAsked).toBe(Math.ceil((CAMERA_LIST_MAX + 1) / 20));
  });

  it('finds a camera on page 503 of 20 cameras each', async () => {
    await expect(camera(10_050, 20).findCamera('cam-10050')).resolves.toMatchObject({
      id: 'cam-10050',
    });
  });

  it('looks a camera up no further than its reach in cameras, however full the pages', async () => {
    // 100,000 cameras at 100 a page: the page bound (2,001 pages, for 10 a page) would read them
    // all; 20,000 cameras are 201 of these pages, and one more tells the chain goes on.
    const error = await failure(camera(100_000, 100).findCamera('cam-none'));
    expect(error.kind).toBe('protocol');
    expect(pagesAsked).toBe(Math.ceil((20_000 + 1) / 100) + 1);
    // A system that ends just past the reach has no such camera.
    await expect(camera(20_050, 100).findCamera('cam-none')).resolves.toBeNull();
  });

  it('stops at its page bound when pages are smaller still, and says so', async () => {
    const pages = Math.ceil((CAMERA_LIST_MAX + 1) / CAMERA_PAGE_MIN);
    const { cameras, more } = await camera(10_050, CAMERA_PAGE_MIN - 5).listCameras(
      CAMERA_LIST_MAX,
    );
    expect(more).toBe('pages');
    expect(pagesAsked).toBe(pages);
    expect(cameras).toHaveLength(pages * (CAMERA_PAGE_MIN - 5));
  });

  it('lists what it read within its time budget, and says the system answered too slowly', async () => {
    // 10,050 cameras at 10 a page would be 1,001 pages; at 50 ms a page a budget of a second
    // reads some of them, as a real system's 100-300 ms a page outlasts the gateway's wait. A
    // budget of 300 ms left a loaded machine's sign-in too little to read a page at all.
    const slow = { pageDelayMs: 50, budgetMs: 1_000 };
    const { cameras, more } = await camera(10_050, CAMERA_PAGE_MIN, slow).listCameras(
      CAMERA_LIST_MAX,
    );
    expect(more).toBe('time');
    expect(pagesAsked).toBeGreaterThan(0);
    expect(pagesAsked).toBeLessThan(Math.ceil((CAMERA_LIST_MAX + 1) / CAMERA_PAGE_MIN));
    // Every page answered is listed; the one under way as the budget ends (if any) is given up.
    expect(cameras.length % CAMERA_PAGE_MIN).toBe(0);
    expect([pagesAsked - 1, pagesAsked]).toContain(cameras.length / CAMERA_PAGE_MIN);
  });

  it('gives up looking a camera up past its time budget, and says so', async () => {
    const slow = { pageDelayMs: 50, budgetMs: 1_000 };
    const error = await failure(camera(10_050, CAMERA_PAGE_MIN, slow).findCamera('cam-10050'));
    expect(error.message).toBe(
      'The camera system answered too slowly: the camera was not found within 1 s.',
    );
    expect(pagesAsked).toBeLessThan(Math.ceil(10_050 / CAMERA_PAGE_MIN));
  });

  /** The cameras of the first page, as the list answers them. */
  const firstPage = Array.from({ length: CAMERA_PAGE_MIN }, (_, index) => ({
    id: `cam-${index + 1}`,
    name: `Camera ${index + 1}`,
    model: '',
    notes: '',
  }));

  // The budgets below leave the sign-in and the first page a second at least, however loaded the
  // machine; what comes past them is made to by the second page (held, or its Retry-After).

  /** The second page rate-limited (Retry-After: 1 s) at each of three attempts; a budget of 1 s. */
  const secondLimited = { pageDelayMs: 0, budgetMs: 1_000, refusedFrom: 2, maxAttempts: 3 };

  /** 1,000 cameras listed under `slow`: the first page's, the budget ending at the second. */
  const expectFirstPageInTime = async (slow: Slow) => {
    const listing = await camera(1_000, CAMERA_PAGE_MIN, slow).listCameras(CAMERA_LIST_MAX);
    expect(listing).toEqual({ cameras: firstPage, more: 'time' });
    expect(pagesAsked).toBe(2);
  };

  it('waits for no retry of a page past its time budget, and lists the pages read with the limit', async () => {
    // The second page, asked within the budget, is refused for a second at every attempt: waiting
    // for its retries (two, of three attempts; up to 5 s each by default) would end the chain
    // seconds past the budget and its margin, when the gateway has stopped waiting. The cameras
    // of the first page are what could be read in time. A retry a second later always starts
    // past a budget of a second. It is the system's limit that ended the list, not its slowness:
    // the list says so, and how long it asked to wait.
    const listing = await camera(1_000, CAMERA_PAGE_MIN, secondLimited).listCameras(
      CAMERA_LIST_MAX,
    );
    expect(listing).toEqual({ cameras: firstPage, more: 'limited', retryAfterMs: 1_000 });
    expect(pagesAsked).toBe(2);
  });

  it("counts only its own test's pages: one the test before asked late is not among them", async () => {
    // What a loaded machine did (three pages where two were expected): the test before ended with
    // its budget and a page request in flight, which reached the system after this test began.
    const providers = camera(1_000, CAMERA_PAGE_MIN, secondLimited);
    const late = await fetch(
      `http://127.0.0.1:${(system.address() as AddressInfo).port}/cameras?page=2`,
      { headers: { authorization: `Bearer tok-${generation - 1}` } },
    );
    expect(late.status).toBe(429);
    await expect(providers.listCameras(CAMERA_LIST_MAX)).resolves.toMatchObject({
      more: 'limited',
    });
    expect(pagesAsked).toBe(2);
  });

  it('lists the pages read when the next one is unanswered as its time budget ends', async () => {
    // The second page answers after 4 s: its only attempt is given the time left of the budget
    // of a second, not its 2 s timeout, and ends with the budget.
    await expectFirstPageInTime({
      pageDelayMs: 4_000,
      slowFrom: 2,
      budgetMs: 1_000,
      timeoutMs: 2_000,
    });
  });

  it('gives up renewing a token refused on the next page at its time budget, and lists the pages read', async () => {
    // The second page answers 401 and the token's renewal is held: with a timeout of a minute
    // each (past the test's), a sign-in given its own timeout rather than the time left would
    // hold the list past the budget and the gateway's wait.
    await expectFirstPageInTime({
      ...secondLimited,
      refusedWith: 401,
      signInsAnswered: 1,
      timeoutMs: 60_000,
    });
    expect(signIns).toBe(2);
    await expect.poll(() => signInsDropped).toBe(1);
  });

  it('lists the pages read when the next one fails once its time budget has run out', async () => {
    // The second page would be refused 1.5 s after it is asked for, past the budget of a second:
    // it is given up when the budget ends, and no retry is waited for.
    await expectFirstPageInTime({
      ...secondLimited,
      refusedWith: 503,
      pageDelayMs: 1_500,
      slowFrom: 2,
      timeoutMs: 3_000,
    });
  });

  it('refuses a camera looked up past a page limited past its time budget, with the limit', async () => {
    const error = await failure(
      camera(1_000, CAMERA_PAGE_MIN, secondLimited).findCamera('cam-900'),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe(
      'The camera system is limiting requests (retry after 1 s): No more pages now.',
    );
    expect(pagesAsked).toBe(2);
  });

  it('fails the list when its first page is refused, however little time is left', async () => {
    const slow = { pageDelayMs: 0, budgetMs: 500, refusedFrom: 1, maxAttempts: 3 };
    const error = await failure(camera(1_000, CAMERA_PAGE_MIN, slow).listCameras(CAMERA_LIST_MAX));
    expect(error.kind).toBe('rate_limited');
    expect(pagesAsked).toBe(1);
  });

  it('fails the list when a later page fails every attempt within its time budget', async () => {
    const slow = { pageDelayMs: 0, budgetMs: 10_000, refusedFrom: 2, refusedWith: 503 };
    const error = await failure(
      camera(1_000, CAMERA_PAGE_MIN, { ...slow, maxAttempts: 3 }).listCameras(CAMERA_LIST_MAX),
    );
    expect(error.kind).toBe('unavailable');
    expect(pagesAsked).toBe(1 + 3);
    const scope = { ...slow, refusedWith: 403 };
    const refused = await failure(
      camera(1_000, CAMERA_PAGE_MIN, scope).listCameras(CAMERA_LIST_MAX),
    );
    expect(refused.kind).toBe('scope');
    expect(refused.message).toBe('No more pages now.');
  });
});
