import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMERA_LIST_MAX, type CameraList, failureReasonOf } from '@hub/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentsRepository } from '../assignments/assignments.repository.js';
import {
  type CameraListing,
  type CameraProvider,
  type ProviderCamera,
  ProviderError,
} from '../provider/camera-provider.js';
import { CAMERA_PAGE_MIN } from '../provider/camera-pages.js';
import { CloudCameraProviders } from '../provider/cloud-camera-provider.js';
import { ANSWER_MAX_BYTES } from '../provider/provider-answers.js';
import { DEFAULT_POLICY } from '../provider/resilience.js';
import { cameraPage, pageAsked } from '../test-support/paging-provider.js';
import type { Credentials } from './credentials.js';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.js';
import { IntegrationsService } from './integrations.service.js';

const camera = (n: number): ProviderCamera => ({
  id: `cam-${n}`,
  name: `Camera ${n}`,
  model: 'Dome',
  notes: '',
});

/**
 * The service over integration 1, no camera of it assigned, whose camera system `providers`
 * opens from the integration's `credentials`.
 */
function serviceWith(providers: Pick<CloudCameraProviders, 'open'>, credentials: unknown = {}) {
  return new IntegrationsService(
    {
      find: () => Promise.resolve({ id: 1 } as IntegrationRow),
    } as unknown as IntegrationsRepository,
    { byCamera: () => Promise.resolve(new Map()) } as unknown as AssignmentsRepository,
    { open: () => credentials } as unknown as Credentials,
    providers as CloudCameraProviders,
  );
}

/**
 * The service over a camera system of `count` cameras, which answers at most the number asked
 * for and whether more were left unread; `asked` records that number.
 */
function serviceOver(count: number, slow = false) {
  const asked: number[] = [];
  const provider = {
    listCameras: (max: number) => {
      asked.push(max);
      const cameras = Array.from({ length: Math.min(count, max) }, (_, index) => camera(index + 1));
      if (slow) return Promise.resolve({ cameras, more: 'time' });
      return Promise.resolve({ cameras, more: count > max ? 'cameras' : false });
    },
  } as unknown as CameraProvider;
  return { service: serviceWith({ open: () => provider }), asked };
}

const summary = (list: CameraList) => ({ ...list, cameras: list.cameras.length });

/** A list cut at the documented maximum: its first cameras, with the notice of more. */
function expectFirstOfMore(list: CameraList) {
  expect(summary(list)).toEqual({
    success: false,
    message: 'The camera system lists more than 10,000 cameras: the first 10,000 are shown.',
    technicalDetails: {
      suggestion:
        'Limit the API client of this integration to the cameras the platform should see.',
    },
    cameras: CAMERA_LIST_MAX,
  });
  expect(list.cameras.at(-1)).toMatchObject({ id: 'cam-10000', status: 'Available' });
}

describe('the cameras of a camera system', () => {
  it('are every camera up to the documented maximum', async () => {
    const { service, asked } = serviceOver(CAMERA_LIST_MAX);
    expect(summary(await service.cameras(1))).toEqual({
      success: true,
      message: '10,000 cameras found',
      cameras: CAMERA_LIST_MAX,
    });
    expect(asked).toEqual([CAMERA_LIST_MAX]);
  });

  it('beyond it, are the first ones with a notice saying so and what to do', async () => {
    const { service } = serviceOver(CAMERA_LIST_MAX + 1);
    const list = await service.cameras(1);
    expectFirstOfMore(list);
  });

  it('from a system too slow to list them all in time, are the ones read with why', async () => {
    const list = await serviceOver(1_230, true).service.cameras(1);
    expect(summary(list)).toEqual({
      success: false,
      message:
        'The camera system answered too slowly to list every camera: the first 1,230 are shown.',
      technicalDetails: {
        suggestion:
          'Try again later, or limit the API client of this integration to the cameras the platform should see.',
      },
      cameras: 1_230,
    });
  });
});

describe('the notice of a partial camera list', () => {
  /**
   * The service over a system that answers 1,230 cameras, and `more` for why it has others (with
   * the Retry-After of a rate limit, when it gave one).
   */
  const listedWith = (more: CameraListing['more'], retryAfterMs?: number) => {
    const cameras = Array.from({ length: 1_230 }, (_, index) => camera(index + 1));
    const listing: CameraListing = {
      cameras,
      more,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
    const provider = {
      listCameras: () => Promise.resolve(listing),
    } as unknown as CameraProvider;
    return serviceWith({ open: () => provider }).cameras(1);
  };

  // Each is a sentence of proto's FAILURE_REASONS, so the web app words it in its reader's
  // language; its parts are the counts as written.
  it.each([
    ['cameras', 'camera_list_more', { max: '10,000', count: '1,230' }],
    ['pages', 'camera_list_small_pages', { pageMin: String(CAMERA_PAGE_MIN), count: '1,230' }],
    ['time', 'camera_list_slow', { count: '1,230' }],
    ['limited', 'camera_list_limited', { count: '1,230' }],
  ] as const)("for more %s, is the catalog's %s", async (more, code, params) => {
    const list = await listedWith(more);
    expect(list.success).toBe(false);
    expect(failureReasonOf(list.message)).toEqual({ code, params });
  });

  // The wait the system asked for, in whole seconds as English writes them (the web app groups
  // their digits in its reader's way); none said, or none to speak of, is no wait told.
  it.each([
    [30_000, 'camera_list_limited_retry', { seconds: '30', count: '1,230' }],
    [3_600_000, 'camera_list_limited_retry', { seconds: '3,600', count: '1,230' }],
    [1_500, 'camera_list_limited_retry', { seconds: '2', count: '1,230' }],
    [0, 'camera_list_limited', { count: '1,230' }],
    [undefined, 'camera_list_limited', { count: '1,230' }],
  ] as const)(
    "for a rate limit asking to wait %s ms, is the catalog's %s",
    async (wait, code, params) => {
      const list = await listedWith('limited', wait);
      expect(list.technicalDetails).toEqual({ suggestion: 'Try again later.' });
      expect(failureReasonOf(list.message)).toEqual({ code, params });
    },
  );
});

describe('the cameras of a camera system read over HTTP', () => {
  /**
   * The system's cameras and how many it answers a page, whatever per_page asks; from page
   * `limitedFrom` on (0: none) it answers 429 with `retryAfter` seconds (null: no Retry-After).
   */
  let shape = {
    cameras: 0,
    perPage: 0,
    pageBytes: 0,
    limitedFrom: 0,
    retryAfter: 0 as number | null,
  };
  let pagesAsked = 0;
  let system: Server;

  beforeAll(async () => {
    system = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/oauth/token') return res.end(JSON.stringify({ access_token: 'tok-123' }));
      pagesAsked += 1;
      if (shape.limitedFrom > 0 && pageAsked(req.url) >= shape.limitedFrom) {
        res.statusCode = 429;
        if (shape.retryAfter !== null) res.setHeader('retry-after', String(shape.retryAfter));
        return res.end(JSON.stringify({ error: 'limited', message: 'Slow down.' }));
      }
      if (shape.pageBytes > 0) {
        // One camera whose notes make the page larger than the adapter reads.
        const notes = 'x'.repeat(shape.pageBytes);
        return res.end(
          JSON.stringify({
            data: [{ id: 'cam-1', name: 'Big', notes }],
            meta: { next_page: null },
          }),
        );
      }
      res.end(JSON.stringify(cameraPage(pageAsked(req.url), shape.cameras, shape.perPage)));
    });
    await new Promise<void>((done) => system.listen(0, done));
  });
  afterAll(() => new Promise((done) => system.close(done)));

  const credentials = () => ({
    baseUrl: `http://127.0.0.1:${(system.address() as AddressInfo).port}`,
    clientId: 'hub-demo',
    clientSecret: 'secret',
  });

  const serviceOverHttp = (
    cameras: number,
    perPage: number,
    pageBytes = 0,
    limited: {
      from: number;
      retryAfter: number | null;
      maxAttempts: number;
      /** The camera pages' budget, when not the service's own. */
      budgetMs?: number;
    } = { from: 0, retryAfter: 0, maxAttempts: 1 },
  ) => {
    shape = {
      cameras,
      perPage,
      pageBytes,
      limitedFrom: limited.from,
      retryAfter: limited.retryAfter,
    };
    pagesAsked = 0;
    const providers = new CloudCameraProviders({
      ...DEFAULT_POLICY,
      maxAttempts: limited.maxAttempts,
      ...(limited.budgetMs === undefined ? {} : { pagesBudgetMs: limited.budgetMs }),
    });
    return serviceWith(providers, credentials());
  };

  it('are the first 10,000 of 10,050 answered 20 a page, with the notice of more', async () => {
    const list = await serviceOverHttp(10_050, 20).cameras(1);
    expectFirstOfMore(list);
  });

  it('read in pages too small to reach 10,000, are the ones read with why they stopped', async () => {
    const perPage = CAMERA_PAGE_MIN - 5;
    const read = Math.ceil((CAMERA_LIST_MAX + 1) / CAMERA_PAGE_MIN) * perPage;
    const list = await serviceOverHttp(10_050, perPage).cameras(1);
    expect(summary(list)).toEqual({
      success: false,
      message: `The camera system answers fewer than ${CAMERA_PAGE_MIN} cameras a page: the first ${read.toLocaleString('en-US')} are shown.`,
      technicalDetails: {
        suggestion: `Ask the camera system administrator to let the API client of this integration read at least ${CAMERA_PAGE_MIN} cameras a page.`,
      },
      cameras: read,
    });
  });

  // The system asks to wait 30 s, longer than a retry waits (DEFAULT_POLICY: 5 s): no retry is
  // made, so nothing here waits for it.
  const limitedFor30s = { from: 2, retryAfter: 30, maxAttempts: 3 };

  /**
   * A list of the first page's cameras, ended by the system's limit on the second, with the wait
   * it asked for; the refused page asked for once, its Retry-After not waited for.
   */
  const expectFirstPageThenLimited = (list: CameraList, seconds: number) => {
    expect(summary(list)).toEqual({
      success: false,
      message: `The camera system is limiting requests (retry after ${seconds} s): the first ${CAMERA_PAGE_MIN} are shown.`,
      technicalDetails: { suggestion: 'Try again later.' },
      cameras: CAMERA_PAGE_MIN,
    });
    expect(list.cameras.at(-1)).toMatchObject({ id: `cam-${CAMERA_PAGE_MIN}` });
    expect(pagesAsked).toBe(2);
  };

  it('from a system limiting requests after its first page, are the ones read with why', async () => {
    const list = await serviceOverHttp(1_000, CAMERA_PAGE_MIN, 0, limitedFor30s).cameras(1);
    expectFirstPageThenLimited(list, 30);
  });

  it('from a system limiting a later page for longer than the list has left, are the ones read with why', async () => {
    // A wait of 5 s is one a retry waits (DEFAULT_POLICY), but not within a budget of 2 s: the
    // retry is not made, and the list ends for the system's limit, not for its slowness.
    const limited = { from: 2, retryAfter: 5, maxAttempts: 3, budgetMs: 2_000 };
    const list = await serviceOverHttp(1_000, CAMERA_PAGE_MIN, 0, limited).cameras(1);
    expectFirstPageThenLimited(list, 5);
  });

  // Its third page refused at every attempt: with no Retry-After, each retry waits the policy's
  // backoff; with Retry-After: 0, it is made at once. Either way it is refused again.
  it.each([
    ['without saying for how long', null],
    ['at every attempt, asking to wait 0 s', 0],
  ] as const)(
    'from a system limiting a later page %s, are the ones read with why',
    async (_, retryAfter) => {
      const limited = { from: 3, retryAfter, maxAttempts: 3 };
      const list = await serviceOverHttp(1_000, CAMERA_PAGE_MIN, 0, limited).cameras(1);
      expect(summary(list)).toMatchObject({
        success: false,
        message: `The camera system is limiting requests: the first ${2 * CAMERA_PAGE_MIN} are shown.`,
        cameras: 2 * CAMERA_PAGE_MIN,
      });
      expect(pagesAsked).toBe(2 + 3);
    },
  );

  // Its first page refused: nothing to show, the refusal told, the wait with it when one was said.
  it.each([
    ['without saying for how long', { from: 1, retryAfter: null, maxAttempts: 1 }, ''],
    ['asking to wait 30 s', { ...limitedFor30s, from: 1 }, ' (retry after 30 s)'],
  ] as const)(
    'from a system limiting its first page %s, are none, with its refusal',
    async (_, limited, wait) => {
      const list = await serviceOverHttp(1_000, CAMERA_PAGE_MIN, 0, limited).cameras(1);
      expect(list).toEqual({
        success: false,
        message: `The camera system is limiting requests${wait}: Slow down.`,
        technicalDetails: { suggestion: 'Try again later.' },
        cameras: [],
      });
      expect(pagesAsked).toBe(1);
    },
  );

  it('looked up past a page the system limits, are refused with its words', async () => {
    serviceOverHttp(1_000, CAMERA_PAGE_MIN, 0, limitedFor30s);
    const provider = new CloudCameraProviders({ ...DEFAULT_POLICY, maxAttempts: 3 }).open(
      credentials(),
    );
    const error = await provider.findCamera('cam-900').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message: 'The camera system is limiting requests (retry after 30 s): Slow down.',
    });
    expect(pagesAsked).toBe(2);
  });

  it('are refused, with the reason, when a page is larger than the service reads', async () => {
    const list = await serviceOverHttp(0, 0, ANSWER_MAX_BYTES).cameras(1);
    expect(list).toEqual({
      success: false,
      message: `The camera system sent a page of cameras larger than the ${ANSWER_MAX_BYTES / 1024 / 1024} MB this service accepts.`,
      technicalDetails: {},
      cameras: [],
    });
  });
});
