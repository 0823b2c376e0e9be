import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack } from './stack.js';

/**
 * Attacker pages served from another port, opened in Chromium: 127.0.0.1 is another site than
 * the product's localhost, localhost on another port is the same site (cookies are shared
 * across ports). Each page forges a request the moment it loads, as a real attack page would.
 */
let stack: RunningStack;
let browser: Browser;
let attacker: Server;
let attackerPort: number;

/** Any account the attacker owns; the seeded one needs no invitation mail. */
const ATTACKER_ACCOUNT = E2E_SUPER_ADMIN;
const PLANTED = { name: 'planted-by-attacker', displayName: 'Planted', domain: 'planted.test' };

function autoSubmittedForm(action: string, fields: Record<string, string>, enctype: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  return `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${action}" enctype="${enctype}">${inputs}</form>
<script>document.getElementById('f').submit()</script>`;
}

function attackerPages(appUrl: string): Record<string, string> {
  const plantFetch = `fetch(${JSON.stringify(`${appUrl}/api/admin/organizations`)}, {
    method: 'POST', mode: 'no-cors', credentials: 'include',
    headers: { 'content-type': 'text/plain' },
    body: ${JSON.stringify(JSON.stringify({ ...PLANTED, name: `${PLANTED.name}-fetch`, domain: 'fetch.planted.test' }))},
  }).finally(() => { document.title = 'sent'; });`;
  return {
    '/login-csrf': autoSubmittedForm(
      `${appUrl}/api/auth/login`,
      { email: ATTACKER_ACCOUNT.email, password: ATTACKER_ACCOUNT.password },
      'application/x-www-form-urlencoded',
    ),
    '/plant-form': autoSubmittedForm(
      `${appUrl}/api/admin/organizations`,
      PLANTED,
      'application/x-www-form-urlencoded',
    ),
    '/plant-fetch': `<!doctype html><title>loading</title><script>${plantFetch}</script>`,
    '/frame': `<!doctype html><title>Framed</title><iframe src="${appUrl}/dashboard"></iframe>`,
  };
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
  const pages = attackerPages(stack.url);
  attacker = createServer((request, response) => {
    const page = pages[request.url ?? ''];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html' });
    response.end(page ?? 'not here');
  });
  await new Promise<void>((done) => attacker.listen(0, '0.0.0.0', done));
  attackerPort = (attacker.address() as AddressInfo).port;
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise<void>((done) => (attacker ? attacker.close(() => done()) : done()));
});

/** Opens an attacker page and waits until the browser has sent the forged request. */
async function visitAttacker(page: Page, origin: string, path: string) {
  const forged = page.waitForRequest((request) => request.url().startsWith(stack.url));
  const answered = page.waitForResponse((response) => response.url().startsWith(stack.url));
  await page.goto(`${origin}${path}`);
  await forged;
  await answered;
}

const statusOfUser = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/user', { credentials: 'include' })).status);

/** The organizations whose name, display name or domain holds `search` (the console's search). */
async function organizationNames(context: BrowserContext, search: string): Promise<string[]> {
  const query = new URLSearchParams({ search, limit: '200' });
  const answer = await context.request.get(`${stack.url}/api/admin/organizations?${query}`);
  expect(answer.status()).toBe(200);
  const page = (await answer.json()) as { organizations: { name: string }[] };
  return page.organizations.map((organization) => organization.name);
}

/**
 * The signed-in person both kinds of attacker page are tried on, one browser context for the two
 * (each attack's page and second tab of its own): a context and a sign-in cost about 1 CPU-s of
 * Chromium (docs/testing.md), and nothing the attacks try leaves the session changed.
 */
let victim: Promise<{ context: BrowserContext; page: Page }> | undefined;
function signedInVictim() {
  victim ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    return { context, page };
  })();
  return victim;
}

describe('forged requests from attacker pages', () => {
  for (const [kind, host] of [
    ['cross-site', '127.0.0.1'],
    ['same-site', 'localhost'],
  ] as const) {
    it(`does not sign the browser in as the attacker from a ${kind} page`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await visitAttacker(page, `http://${host}:${attackerPort}`, '/login-csrf');
      await page.goto(`${stack.url}/`);
      expect(await statusOfUser(page)).toBe(401);
      const cookies = await context.cookies(stack.url);
      expect(cookies.find((cookie) => cookie.name === 'hub_session')).toBeUndefined();
      await context.close();
    });

    it(`changes nothing for a signed-in user who opens a ${kind} page`, async () => {
      const { context, page } = await signedInVictim();
      const origin = `http://${host}:${attackerPort}`;
      await visitAttacker(page, origin, '/plant-form');
      const second = await context.newPage();
      await second.goto(`${origin}/plant-fetch`);
      await second.waitForFunction(() => document.title === 'sent');
      const names = await organizationNames(context, PLANTED.name);
      expect(names.filter((name) => name.startsWith(PLANTED.name))).toEqual([]);
      await second.close();
    });
  }
});

describe('the web app under its security headers', () => {
  it('runs with no CSP violation and refuses to be framed by another site', async () => {
    // With the app's service worker, which the policy must let register and run too.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    for (const path of ['/admin', '/profile', '/dashboard']) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
    const index = await (await fetch(`${stack.url}/`)).text();
    expect(index).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    // Chromium replaces a frame that frame-ancestors refuses by its own error page.
    const framer = await context.newPage();
    await framer.goto(`http://127.0.0.1:${attackerPort}/frame`);
    await expect.poll(() => framer.frames()[1]?.url() ?? '').toMatch(/^chrome-error:/);
    await context.close();
  });
});
