/**
 * What the service worker does with a request (issue #34, point 4), as a pure function so the
 * rule "nothing under /api/ is cached but the caller's own SOPs and the observation sessions they
 * are recording" is tested without a browser.
 * Shared by the worker (service-worker.ts) and the page; it imports nothing.
 */

/** The app shell: index.html, the hashed assets, the shell's own files. */
export const SHELL_CACHE = 'hub-shell-v1';
/** The SOPs a person opened on this device (answers and their images); cleared on sign-out. */
export const SOP_CACHE = 'hub-sops-v1';
/**
 * The observation sessions a supervisor is recording on this device, so a reload without network
 * goes on with the session (its answers wait in the page's outbox); cleared on sign-out.
 */
export const OBSERVATION_CACHE = 'hub-observations-v1';
/** Set by the service worker on an answer it gave from its caches because the network failed. */
export const OFFLINE_COPY_HEADER = 'X-Hub-Offline-Copy';
/** The key index.html is cached under: every page of the app is this file (SPA fallback). */
export const SHELL_PAGE = '/';

/** Files of the shell outside /assets/: served stale-while-revalidate. */
const SHELL_FILES = new Set(['/theme-init.js', '/manifest.webmanifest']);

export type SwRoute =
  /** Not ours to answer: the browser goes to the network as if there were no worker. */
  | { kind: 'pass' }
  /** GET /api/my/sops/:id or /api/my/sops/:id/images/:imgId: network first, SOP_CACHE offline. */
  | { kind: 'sop'; image: boolean }
  /** GET /api/observations/:id: network first, OBSERVATION_CACHE offline (keepsObservation). */
  | { kind: 'observation' }
  /** A signed file link (/api/files/...): only answered from SOP_CACHE when an SOP stored it. */
  | { kind: 'sop-file' }
  /** A page of the app: network first, the cached index.html offline. */
  | { kind: 'navigation' }
  /** A hashed build asset: cache first (its name changes with its content). */
  | { kind: 'asset' }
  /** One of SHELL_FILES: stale-while-revalidate. */
  | { kind: 'shell-file' };

export interface RoutedRequest {
  method: string;
  url: string;
  mode?: string;
}

const SOP_PATH = /^\/api\/my\/sops\/(\d+)(\/images\/[^/]+)?$/;
const OBSERVATION_PATH = /^\/api\/observations\/\d+$/;

/** The route of a request made from `origin` (the worker's own, e.g. 'http://localhost:8080'). */
export function swRoute(request: RoutedRequest, origin: string): SwRoute {
  if (request.method !== 'GET') return { kind: 'pass' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'pass' };
  }
  if (url.origin !== origin) return { kind: 'pass' };
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    // A query string is not part of these routes: such a request is not one the page makes.
    const sop = url.search === '' ? SOP_PATH.exec(path) : null;
    if (sop) return { kind: 'sop', image: sop[2] !== undefined };
    if (url.search === '' && OBSERVATION_PATH.test(path)) return { kind: 'observation' };
    if (path.startsWith('/api/files/') && request.mode !== 'navigate') return { kind: 'sop-file' };
    return { kind: 'pass' };
  }
  // The queue dashboard and any other server page below /admin/ are not the app.
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'pass' };
  if (request.mode === 'navigate') return { kind: 'navigation' };
  if (path.startsWith('/assets/')) return { kind: 'asset' };
  if (SHELL_FILES.has(path) || path.startsWith('/icons/')) return { kind: 'shell-file' };
  return { kind: 'pass' };
}

/** The hashed assets an index.html loads (its scripts, styles and preloads), for precaching. */
export function shellAssets(indexHtml: string): string[] {
  const found = new Set<string>();
  for (const match of indexHtml.matchAll(/\b(?:src|href)="(\/assets\/[^"?#]+)"/g)) {
    found.add(match[1]!);
  }
  return [...found];
}

/** The image link of an SOP image answer ({ presignedUrl }), if it is one of ours to keep. */
export function sopImageLink(body: unknown, origin: string): string | null {
  if (typeof body !== 'object' || body === null || !('presignedUrl' in body)) return null;
  const link = body.presignedUrl;
  if (typeof link !== 'string') return null;
  try {
    const url = new URL(link, origin);
    return url.origin === origin && url.pathname.startsWith('/api/files/') ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether an observation session's answer is kept: only one still being recorded (a completed
 * one is read online, and its copy goes), and only a session (not an error's body).
 */
export function keepsObservation(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return (
    'id' in body && typeof body.id === 'number' && 'status' in body && body.status === 'in_progress'
  );
}
