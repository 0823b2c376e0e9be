/**
 * The service worker (issue #34, point 4), built on its own into dist/sw.js (vite.config.ts).
 * It keeps the app shell so the app opens offline, and the SOPs a person opened (their answers
 * and the images they saw) so those stay readable offline, and the observation sessions a
 * supervisor is recording, so a reload without network goes on with the session. It answers
 * nothing else under /api/:
 * every other API request goes to the network as if there were no worker (sw-routing.ts).
 */
import {
  keepsObservation,
  OBSERVATION_CACHE,
  OFFLINE_COPY_HEADER,
  SHELL_CACHE,
  SHELL_PAGE,
  SOP_CACHE,
  shellAssets,
  sopImageLink,
  swRoute,
} from './sw-routing';

// The web app compiles against the DOM library; these are the few worker types used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

/** Every asset of the build this worker came with (vite.config.ts): the pages' chunks too. */
declare const __HUB_ASSETS__: readonly string[];

const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;
const KEPT_CACHES = new Set([SHELL_CACHE, SOP_CACHE, OBSERVATION_CACHE]);

/** A copy to store: without Vary (Cache.put refuses `Vary: *`; entries are keyed by URL only). */
function storable(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('vary');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** A stored answer (an SOP, a session), marked as given from the cache so the page can say so. */
function offlineCopy(cached: Response): Response {
  const headers = new Headers(cached.headers);
  headers.set(OFFLINE_COPY_HEADER, '1');
  return new Response(cached.body, {
    status: cached.status,
    statusText: cached.statusText,
    headers,
  });
}

async function cacheAssets(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      if ((await cache.match(url)) !== undefined) return;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, storable(response));
    }),
  );
}

/**
 * index.html, the assets it loads and every other asset of the build: a page's chunk is loaded
 * only when the page is opened, and one never opened online must open offline too.
 */
async function cacheShell(): Promise<void> {
  const response = await fetch(SHELL_PAGE, { cache: 'no-cache' });
  if (!response.ok) return;
  const page = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put(SHELL_PAGE, storable(response));
  await cacheAssets([...new Set([...shellAssets(page), ...__HUB_ASSETS__])]);
}

worker.addEventListener('install', (event) => {
  // A failed precache must not block the worker: pages are cached as they are fetched too.
  event.waitUntil(cacheShell().catch(() => undefined));
  void worker.skipWaiting();
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (!KEPT_CACHES.has(name)) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

// The page lists the assets it loaded before this worker controlled it (register.ts).
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== 'cache-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter(
    (url): url is string =>
      typeof url === 'string' && swRoute({ method: 'GET', url }, origin).kind === 'asset',
  );
  event.waitUntil(cacheAssets(urls).catch(() => undefined));
});

/** Pages: the network first (a fresh index.html is kept), the kept index.html offline. */
async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    const html = response.headers.get('content-type')?.startsWith('text/html') ?? false;
    if (response.ok && html && !response.redirected) {
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          await (await caches.open(SHELL_CACHE)).put(SHELL_PAGE, storable(copy.clone()));
          await cacheAssets(shellAssets(await copy.text()));
        })().catch(() => undefined),
      );
    }
    return response;
  } catch (error) {
    const cached = await (await caches.open(SHELL_CACHE)).match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets: the cache first; stored on first fetch. */
async function asset(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(event.request.url);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = storable(response.clone());
    event.waitUntil(cache.put(event.request.url, copy).catch(() => undefined));
  }
  return response;
}

/** The shell's other files: the cached copy at once, refreshed behind it. */
async function shellFile(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(event.request.url);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request.url, storable(response.clone()));
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

/** Image files an SOP answer named, being stored: their requests wait for the stored copy. */
const storingFiles = new Map<string, Promise<void>>();

async function storeSopImage(cache: Cache, link: string): Promise<void> {
  const response = await fetch(link);
  const image = response.headers.get('content-type')?.startsWith('image/') ?? false;
  if (response.ok && image) await cache.put(link, storable(response));
}

/**
 * One of the caller's answers kept for reading offline: the network first, `store` keeping it as
 * it must; offline, the stored answer, marked as such. One no longer this person's to read (or
 * signed out: 401, 403, 404) takes the stored copy with it.
 */
async function keptAnswer(
  event: FetchEvent,
  cacheName: string,
  store: (cache: Cache, key: string, copy: Response) => Promise<void>,
): Promise<Response> {
  const cache = await caches.open(cacheName);
  const key = event.request.url;
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return offlineCopy(cached);
    throw error;
  }
  if (response.ok) {
    event.waitUntil(store(cache, key, response.clone()).catch(() => undefined));
  } else if ([401, 403, 404].includes(response.status)) {
    event.waitUntil(cache.delete(key).catch(() => false));
  }
  return response;
}

/** The caller's SOPs, and the image files an image answer names. */
function sop(event: FetchEvent, image: boolean): Promise<Response> {
  return keptAnswer(event, SOP_CACHE, async (cache, key, copy) => {
    await cache.put(key, storable(copy.clone()));
    if (!image) return;
    const link = sopImageLink(await copy.json(), origin);
    if (!link) return;
    const storing = storeSopImage(cache, link).finally(() => storingFiles.delete(link));
    storingFiles.set(link, storing);
    await storing;
  });
}

/** A session being recorded: kept while it is in progress, a completed one forgotten. */
function observation(event: FetchEvent): Promise<Response> {
  return keptAnswer(event, OBSERVATION_CACHE, async (cache, key, copy) => {
    if (keepsObservation(await copy.clone().json())) await cache.put(key, storable(copy));
    else await cache.delete(key);
  });
}

/** A signed file link: from SOP_CACHE when an SOP image stored it, else the network, unstored. */
async function sopFile(event: FetchEvent): Promise<Response> {
  await storingFiles.get(event.request.url)?.catch(() => undefined);
  const cached = await (await caches.open(SOP_CACHE)).match(event.request.url);
  return cached ?? fetch(event.request);
}

worker.addEventListener('fetch', (event) => {
  const route = swRoute(event.request, origin);
  switch (route.kind) {
    case 'pass':
      // No respondWith: the request goes to the network untouched, and nothing is stored.
      return;
    case 'navigation':
      return event.respondWith(navigation(event));
    case 'asset':
      return event.respondWith(asset(event));
    case 'shell-file':
      return event.respondWith(shellFile(event));
    case 'sop':
      return event.respondWith(sop(event, route.image));
    case 'sop-file':
      return event.respondWith(sopFile(event));
    case 'observation':
      return event.respondWith(observation(event));
  }
});
