import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';

export const ARTIFACTS_DIR = fileURLToPath(new URL('../test-artifacts/e2e/', import.meta.url));

import { E2E_CHROMIUM } from './chromium.mjs';

export { E2E_CHROMIUM };

/** The worker's Chromium, launched for its first file (launchBrowser). */
let workersBrowser: Promise<Browser> | undefined;

/**
 * E2E_CHROMIUM without Playwright's own signal handlers: its SIGTERM handler closes the browser but
 * keeps the worker alive. A worker that ends by a signal closes the browser's pipe, and Chromium
 * leaves.
 */
const WORKERS_CHROMIUM = {
  ...E2E_CHROMIUM,
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
};

/**
 * A browser for one test file: the Chromium of the vitest worker running it, launched for the
 * worker's first file and kept for the next ones, which it runs one at a time (e2e files share a
 * worker's module graph). Each file's pages and contexts are its own; close() ends them and leaves
 * the browser to the next file. Chromium ends with its worker (Playwright closes what it launched
 * as its process exits, and Chromium leaves when its pipe closes). One Chromium for the whole run,
 * each file connected to it, relayed every call through Playwright's server in vitest's main
 * process: 33-39 CPU-s of that process on a slower instance, where three browsers cost 8-15 more
 * than one (docs/testing.md).
 *
 * Its contexts run without the app's service worker unless one asks for it (`serviceWorkers:
 * 'allow'`, as the offline tests do): installing it fetches and stores the whole app again in
 * each new context, 0.2-0.3 CPU-s of a context's 1.2-1.6 (docs/testing.md), and it answers no
 * request but an SOP's, which goes to the network first when online.
 */
export function launchBrowser(): Promise<Browser> {
  workersBrowser ??= chromium.launch(WORKERS_CHROMIUM).then(forTestFiles, (error: unknown) => {
    workersBrowser = undefined;
    throw error;
  });
  return workersBrowser;
}

function forTestFiles(browser: Browser): Browser {
  // A browser that crashed is launched anew for the worker's next file.
  browser.on('disconnected', () => (workersBrowser = undefined));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = (options) => newPage({ serviceWorkers: 'block', ...options });
  browser.close = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  return browser;
}

/**
 * The bytes of a finished download, copied to a folder of its own (saveAs) rather than read where
 * the browser put it, which Playwright deletes when the download's context closes.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const folder = mkdtempSync(join(tmpdir(), 'e2e-download-'));
  try {
    const file = join(folder, 'download');
    await download.saveAs(file);
    return await readFile(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Take every key step's screenshot as the test passes it, not only a failing test's. */
const EVERY_SCREENSHOT = process.env.E2E_SCREENSHOTS === '1';

/** The last key step each page reached in the running test, for that test's failure. */
const lastStep = new WeakMap<Page, { test: string | undefined; step: string }>();

const capture = async (page: Page, name: string) => {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png`, fullPage: true });
};

/**
 * Kept as CI artifacts: what a person saw at a key step. When the test fails, the page as it then
 * is, named after the last key step it reached; every step as it is passed with
 * E2E_SCREENSHOTS=1. A screenshot costs Chromium about 0.15 CPU-s, and 89 of them in every run
 * were some 15 CPU-s for files nobody opens when the tests pass (docs/testing.md), as the walk's
 * own screenshots were.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (EVERY_SCREENSHOT) return capture(page, name);
  const test = expect.getState().currentTestName;
  if (lastStep.get(page)?.test !== test) {
    onTestFailed(async () => {
      const reached = lastStep.get(page);
      if (reached && reached.test === test && !page.isClosed()) {
        await capture(page, `${reached.step}-failed`).catch(() => undefined);
      }
    });
  }
  lastStep.set(page, { test, step: name });
}

/** Fills the sign-in form at the stack's root and submits it (does not wait for the outcome). */
export async function submitSignIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Goes to a path of the signed-in app as its links do, without loading the app again: a full
 * load costs Chromium ten times the CPU of a client-side navigation (docs/testing.md).
 */
export async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    const state = (history.state ?? {}) as { __TSR_index?: number };
    history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1 }, '', target);
  }, path);
}

/**
 * Signs in through the API, in the page's own cookie jar, and opens `path`: one load of the app
 * where signing in through the form and following a link render the sign-in page, the Hub and
 * then the page (about 0.5 CPU-s more of Chromium each time, docs/testing.md). For tests whose
 * subject is not the form: `foundation.e2e.test.ts`, the invitation and SAML flows and the
 * offline and security files still sign in through it (`signIn`).
 */
export async function signInAt(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  path: string,
): Promise<void> {
  const answer = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: { email, password },
  });
  if (!answer.ok())
    throw new Error(`signing ${email} in: ${answer.status()} ${await answer.text()}`);
  await page.goto(`${baseUrl}${path}`);
}

/** Signs in and waits for the Hub. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await submitSignIn(page, baseUrl, email, password);
  await page.waitForURL('**/dashboard');
}

/** The text of the toast on screen (one at a time, spec section 9). */
/**
 * The text of every toast on screen, newest or not: a toast still showing from an earlier step
 * (a slow machine keeps it longer) does not hide the one a test waits for.
 */
export const toastText = async (page: Page) =>
  (await page.getByTestId('toast').allInnerTexts()).join('\n');

export interface SeenToast {
  text: string;
  destructive: boolean;
}

/**
 * An init script (`context.addInitScript(recordToasts)`): keeps every toast the page shows, even
 * one replaced a moment later. Read them with `seenToasts`.
 */
export function recordToasts() {
  const seen: { text: string; destructive: boolean }[] = [];
  Object.assign(window, { seenToasts: seen });
  new MutationObserver(() => {
    for (const toast of Array.from(document.querySelectorAll('[data-testid=toast]'))) {
      const text = toast.textContent ?? '';
      if (!seen.some((entry) => entry.text === text)) {
        seen.push({ text, destructive: toast.getAttribute('data-variant') === 'destructive' });
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export const seenToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenToasts: SeenToast[] }).seenToasts);
