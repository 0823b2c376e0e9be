import { mkdirSync } from 'node:fs';
import { ROLES, type Role } from '@hub/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PAGE_ACCESS, type PagePath } from '../web/src/access/pageAccess.js';
import { ARTIFACTS_DIR, followLink, recordToasts, signInAt } from './browser.js';
import type { WalkedPath } from './walk-records.js';

/**
 * Walks the app's pages in one signed-in tab, the way a person clicks through them: the first
 * page loads the app, every next one is a client-side navigation (the router's history hears
 * `pushState`), and a page counts as shown once its requests have settled. A reload and
 * Playwright's `networkidle` (500 ms of silence) per page made the generated walks (access,
 * layout, axe) most of the e2e run's time.
 */

/** Every page the role may open, in the role table's order. */
export const pagesOf = (role: Role): PagePath[] =>
  (Object.keys(PAGE_ACCESS) as PagePath[]).filter((path) => PAGE_ACCESS[path].roles.includes(role));

export const EVERY_ROLE = ROLES;

/**
 * An init script: counts the page's fetches in flight and when that count last changed, for
 * `settled`. (The app reaches its API only with fetch.)
 */
export function trackRequests() {
  const state = { pending: 0, changedAt: performance.now() };
  Object.assign(window, { requestsInFlight: state });
  // Route chunks and images load without fetch: each one finished also counts as activity.
  new PerformanceObserver(() => {
    state.changedAt = performance.now();
  }).observe({ type: 'resource', buffered: false });
  const original = window.fetch.bind(window);
  const done = () => {
    state.pending -= 1;
    state.changedAt = performance.now();
  };
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    state.pending += 1;
    state.changedAt = performance.now();
    try {
      const response = await original(...args);
      // In flight until its body has arrived too: the page renders from the body.
      void response
        .clone()
        .arrayBuffer()
        .catch(() => undefined)
        .finally(done);
      return response;
    } catch (error) {
      done();
      throw error;
    }
  };
}

/** No request in flight for 150 ms, no list marked busy, every image loaded. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const state = (
        window as unknown as { requestsInFlight: { pending: number; changedAt: number } }
      ).requestsInFlight;
      return (
        state.pending === 0 &&
        performance.now() - state.changedAt > 150 &&
        document.querySelector('[aria-busy=true]') === null &&
        Array.from(document.images).every((image) => image.complete)
      );
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/** Goes to a path of the app without reloading it, and waits until the page has settled. */
export async function openPage(page: Page, path: string): Promise<void> {
  // The navigation is activity too: the route's requests start a moment after it.
  await page.evaluate(() => {
    (window as unknown as { requestsInFlight: { changedAt: number } }).requestsInFlight.changedAt =
      performance.now();
  });
  await followLink(page, path);
  await settled(page);
}

/** Two frames, so a change of the window's size is laid out and painted. */
export const nextFrames = (page: Page) =>
  page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
  });

/** A person of the role signed in, in a tab of their own that tracks its requests and toasts. */
export async function signedInTab(
  browser: Browser,
  baseUrl: string,
  credentials: { email: string; password: string },
  options: {
    bypassCSP?: boolean;
    /** More init scripts, run before the app's own in every page of the tab. */
    initScripts?: (() => void)[];
    /** Set in the tab's localStorage before the app first reads it. */
    stored?: { key: string; value: string };
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  await context.addInitScript(trackRequests);
  await context.addInitScript(recordToasts);
  for (const script of options.initScripts ?? []) await context.addInitScript(script);
  if (options.stored) {
    await context.addInitScript(
      ({ key, value }) => localStorage.setItem(key, value),
      options.stored,
    );
  }
  const page = await context.newPage();
  await signInAt(page, baseUrl, credentials.email, credentials.password, '/dashboard');
  // Until the first page's code has come nothing of the shell is drawn, and no request settled
  // waits on is in flight: on a slow machine it returned before the shell was there. Once the
  // shell's main is, it is busy until the page has come.
  await page.locator('main').waitFor();
  await settled(page);
  return { context, page };
}

/** What a person got on a page: the page, Access Restricted, or the console's refusal. */
export type PageOutcome = 'page' | 'restricted' | 'denied';

/**
 * What the page just opened shows, once its requests have settled: the console refuses by
 * going back to the dashboard ('Access Denied'), the other pages by Access Restricted.
 */
export async function pageOutcome(page: Page, path: WalkedPath): Promise<PageOutcome> {
  // The shell's main, at any width (below 1024 px the sidebar is a closed drawer).
  await page.locator('main').waitFor();
  if (new URL(page.url()).pathname === '/dashboard' && path !== 'dashboard') return 'denied';
  return (await page.getByTestId('access-restricted').count()) > 0 ? 'restricted' : 'page';
}

/**
 * A screenshot of what the window shows, kept as a CI artifact: the layout walk keeps one of a
 * page, role and size its check finds fault with (all of them with E2E_WALK_SCREENSHOTS=1), so
 * not the whole page's height (making the window that tall relaid every page out).
 */
export async function keepWalkScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png` });
}
