import { failureReasonOf } from '@hub/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CameraProvider } from './camera-provider.js';
import { CloudCameraProviders } from './cloud-camera-provider.js';
import { MB } from './provider-answers.js';
import { DEFAULT_POLICY, type ResiliencePolicy } from './resilience.js';
import { cameraPage, pageAsked } from '../test-support/paging-provider.js';
import { failure } from '../test-support/provider-failure.js';

// The camera list's and the media calls' own sentences (an answer too large, one that is not
// JSON, a clip never finished, a camera not found) reached Spanish and French readers in
// English: each is now a sentence of proto's FAILURE_REASONS, read back to its code and parts.

const POLICY: ResiliencePolicy = {
  ...DEFAULT_POLICY,
  timeoutMs: 60_000,
  maxAttempts: 1,
  backoffMs: 1,
};

/** How the fake system answers: JSON, text, a body declaring its length, or never (until aborted). */
type Answer =
  | { json: unknown }
  | { text: string }
  | { declaredBytes: number; contentType?: string }
  | 'hang';

const token = { json: { access_token: 'tok-1', expires_in: 3600 } };

/** A camera system behind the global fetch, `answer` saying how each method and path is answered. */
function system(
  answer: (request: string, url: URL) => Answer,
  policy: ResiliencePolicy = POLICY,
  limits = { snapshot: 2 * MB, clip: 3 * MB },
): CameraProvider {
  vi.stubGlobal('fetch', (url: URL, init: RequestInit): Promise<Response> => {
    const request = `${init.method ?? 'GET'} ${url.pathname}`;
    const answered = request === 'POST /oauth/token' ? token : answer(request, url);
    if (answered === 'hang')
      return new Promise((_, reject) => {
        const signal = init.signal!;
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    if ('json' in answered) return Promise.resolve(Response.json(answered.json));
    if ('text' in answered) return Promise.resolve(new Response(answered.text));
    return Promise.resolve(
      new Response('{}', {
        headers: {
          'content-length': String(answered.declaredBytes),
          'content-type': answered.contentType ?? 'application/json',
        },
      }),
    );
  });
  return new CloudCameraProviders(policy, limits).open({
    baseUrl: 'https://cameras.example',
    clientId: 'hub',
    clientSecret: 'secret',
  });
}

const reasonOf = async (call: Promise<unknown>) => failureReasonOf((await failure(call)).message);

afterEach(() => vi.unstubAllGlobals());

describe('an answer of the camera system too large to read', () => {
  it('is a catalog sentence naming what it was and the size accepted', async () => {
    const tooBig = { declaredBytes: 9 * MB };
    const signIn = new CloudCameraProviders(POLICY);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{}', { headers: { 'content-length': String(9 * MB) } })),
    );
    const camera = signIn.open({
      baseUrl: 'https://cameras.example',
      clientId: 'a',
      clientSecret: 'b',
    });
    expect(await reasonOf(camera.verify())).toEqual({
      code: 'camera_system_sign_in_too_large',
      params: { megabytes: '8' },
    });
    expect(await reasonOf(system(() => tooBig).listCameras(100))).toEqual({
      code: 'camera_system_page_too_large',
      params: { megabytes: '8' },
    });
    expect(await reasonOf(system(() => tooBig).cameraState('cam-1'))).toEqual({
      code: 'camera_system_answer_too_large',
      params: { megabytes: '8' },
    });
    expect(await reasonOf(system(() => ({ declaredBytes: 3 * MB })).snapshot('cam-1'))).toEqual({
      code: 'camera_system_snapshot_too_large',
      params: { megabytes: '2' },
    });
    const clip = system((request) =>
      request === 'POST /v1/cameras/cam-1/clips'
        ? { json: { id: 'clip-1', status: 'ready', download_path: '/downloads/clip-1' } }
        : { declaredBytes: 4 * MB, contentType: 'video/mp4' },
    );
    expect(await reasonOf(clip.exportClip('cam-1', new Date(), 10))).toEqual({
      code: 'camera_system_clip_too_large',
      params: { megabytes: '3' },
    });
  });
});

describe("the media calls' failures", () => {
  it('are catalog sentences: not JSON, a clip never finished, a download elsewhere', async () => {
    expect(await reasonOf(system(() => ({ text: '<html>' })).cameraState('cam-1'))).toEqual({
      code: 'camera_system_not_json',
      params: {},
    });
    const processing = { json: { id: 'clip-1', status: 'processing' } };
    expect(await reasonOf(system(() => processing).exportClip('cam-1', new Date(), 10))).toEqual({
      code: 'camera_system_clip_unfinished',
      params: {},
    });
    const elsewhere = {
      json: { id: 'clip-1', status: 'ready', download_path: 'https://elsewhere.example/clip-1' },
    };
    expect(await reasonOf(system(() => elsewhere).exportClip('cam-1', new Date(), 10))).toEqual({
      code: 'camera_system_download_elsewhere',
      params: {},
    });
  });
});

describe('a camera looked up in the camera list, not found', () => {
  it('past the cameras the list reaches, names how far it looked', async () => {
    // Pages of 1,000 cameras whatever per_page asks: the reach (20,000) is passed on page 21.
    const pages = system((_, url) => ({ json: cameraPage(pageAsked(url.href), 30_000, 1_000) }));
    expect(await reasonOf(pages.findCamera('cam-none'))).toEqual({
      code: 'camera_not_within_reach',
      params: { count: '20,000' },
    });
  });

  it('in pages smaller than the adapter reads, names the pages read', async () => {
    const pages = system((_, url) => ({ json: cameraPage(pageAsked(url.href), 5_000, 1) }));
    expect(await reasonOf(pages.findCamera('cam-none'))).toEqual({
      code: 'camera_not_in_small_pages',
      params: { pageMin: '10', count: '2,001' },
    });
  });

  it('within the time its pages may take, names that time', async () => {
    const budget = { ...POLICY, pagesBudgetMs: 50 };
    const slow = system(
      (_, url) => (pageAsked(url.href) === 1 ? { json: cameraPage(1, 30, 10) } : 'hang'),
      budget,
    );
    expect(await reasonOf(slow.findCamera('cam-25'))).toEqual({
      code: 'camera_not_found_in_time',
      params: { seconds: '0.05' },
    });
  });

  it('or a first page not answered within that time, says so', async () => {
    const budget = { ...POLICY, pagesBudgetMs: 50 };
    expect(await reasonOf(system(() => 'hang', budget).listCameras(100))).toEqual({
      code: 'camera_pages_no_answer_within',
      params: { seconds: '0.05' },
    });
  });
});
