import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role } from '@hub/proto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ACCESS, type PagePath } from '../web/src/access/pageAccess.js';
import { followLink, keepScreenshot, launchBrowser, seenToasts } from './browser.js';
import { openPage, pageOutcome, type PageOutcome, settled, signedInTab } from './page-walk.js';
import { acceptInvitation, sharedMailbox } from './mailbox.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

/**
 * Generated from the web app's role table (PAGE_ACCESS): every role opens every page it may not
 * open and gets its refusal (Access Restricted, or for the console 'Access Denied' and the Hub),
 * never a failed request's error toast. The pages a role may open are checked by the layout walk
 * (e2e/layout-walk.ts), which opens each of them for each role on real records anyway.
 */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PHOTO = resolve(repoRoot, '../shared/fixtures/faces/amy/amy1.png');
const ID = uniqueId();
const DOMAIN = `gate-${ID}.test`;
const PASSWORD = 'Gate-Keeper-1!';

let stack: RunningStack;
let browser: Browser;

/** The super administrator's API session. */
async function superAdmin() {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: E2E_SUPER_ADMIN.email, password: E2E_SUPER_ADMIN.password }),
  });
  const cookie = /hub_session=[^;]*/.exec(login.headers.get('set-cookie') ?? '')![0];
  return async (path: string, body: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text) as { id: number };
  };
}

/** One signed-in member per role of one organization (the super administrator is built in). */
async function members(): Promise<Record<Role, string>> {
  const post = await superAdmin();
  const organization = await post('/api/admin/organizations', {
    name: `gate-works-${ID}`,
    displayName: 'Gate Works',
    domain: DOMAIN,
  });
  const emails = { super_admin: E2E_SUPER_ADMIN.email } as Record<Role, string>;
  for (const role of ROLES.filter((candidate) => candidate !== 'super_admin')) {
    const email = `${role.replace('_', '-')}@${DOMAIN}`;
    // A person's name, not the role's identifier: the super administrator's walk, at the same
    // time, reads a bare identifier on the data panel as an enum left untranslated.
    const name = `Gate ${role.replace('_', ' ')}`;
    await post('/api/admin/users', { email, name, organizationId: organization.id, role });
    const link = await sharedMailbox().invitationLink(email);
    await acceptInvitation(stack.url, link, PASSWORD, PHOTO);
    emails[role] = email;
  }
  return emails;
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A concrete address for each page; an id nobody has where the path needs one. */
const address = (path: PagePath) => `/${path.replace('$id', '999999')}`;

const refusedPages = (role: Role) =>
  (Object.keys(PAGE_ACCESS) as PagePath[]).filter((path) => expected(path, role) !== 'page');

function expected(path: PagePath, role: Role): PageOutcome {
  const access = PAGE_ACCESS[path];
  if (access.roles.includes(role)) return 'page';
  return access.refusal === 'access-denied' ? 'denied' : 'restricted';
}

describe('every page for every role, from the role table', () => {
  let emails: Record<Role, string>;
  beforeAll(async () => {
    emails = await members();
  });

  it.each(ROLES.filter((role) => refusedPages(role).length > 0))(
    '%s gets Access Restricted on every page it may not open, never an error toast',
    async (role) => {
      const password = role === 'super_admin' ? E2E_SUPER_ADMIN.password : PASSWORD;
      const { context, page } = await signedInTab(browser, stack.url, {
        email: emails[role],
        password,
      });
      const problems: string[] = [];
      for (const path of refusedPages(role)) {
        const problem = await check(page, path, expected(path, role));
        if (problem) problems.push(`${address(path)}: ${problem}`);
      }
      if (role === 'operator') {
        await openPage(page, '/library/documents');
        await keepScreenshot(page, 'access-operator-documents');
      }
      await context.close();
      expect(problems).toEqual([]);
    },
    180_000,
  );

  // On a first load nothing of the shell is drawn until the first page's code has come, and no
  // request `settled` counts is in flight meanwhile: a loaded machine's signed-in tab was handed
  // to its test before the shell was there.
  it("hands over a signed-in tab only once the shell is drawn, however late the first page's code", async () => {
    let release!: () => void;
    let asked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const askedFor = new Promise<void>((resolve) => (asked = resolve));
    const holding: Browser = Object.create(browser, {
      newContext: {
        value: async (options?: Parameters<Browser['newContext']>[0]) => {
          const context = await browser.newContext(options);
          await context.route(/\/assets\/HubPage-[^/]*\.js$/, async (route) => {
            asked();
            await held;
            await route.continue();
          });
          return context;
        },
      },
    });
    const tab = signedInTab(holding, stack.url, { email: emails.manager, password: PASSWORD });
    const shellWhenHanded = tab.then(({ page }) => page.locator('main').count());
    await askedFor;
    // Handed over while the code is held (it should not be), the tab must show the shell; the
    // release after a while only ends the test sooner when it is right.
    const early = await Promise.race([shellWhenHanded, delay(2_000).then(() => null)]);
    if (early !== null) expect(early, 'the shell when the tab was handed over').toBe(1);
    release();
    const { context, page } = await tab;
    expect(await shellWhenHanded).toBe(1);
    expect(await page.locator('main[aria-busy=true]').count()).toBe(0);
    await context.close();
  });

  /** The manager, signed in, follows a link to `path` while its page's chunk is held back. */
  async function managerOpensWithCodeHeld(path: string, chunk: string) {
    const { context, page } = await signedInTab(browser, stack.url, {
      email: emails.manager,
      password: PASSWORD,
    });
    const code = await holdPageCode(page, new RegExp(`/assets/${chunk}-[^/]*\\.js$`));
    await watchShell(page);
    await followLink(page, `/${path}`);
    await code.asked;
    return { context, page, code };
  }

  // A slow machine read the last page's refusal as the integrations page's: its code had not
  // arrived yet, and nothing said the page shown was not the one asked for.
  it('marks the page busy until the code of the page asked for has arrived', async () => {
    const { context, page, code } = await managerOpensWithCodeHeld(
      'integrations',
      'IntegrationsPage',
    );
    await expect.poll(() => shellSeen(page)).toMatchObject({ busy: true });
    code.release();
    await settled(page);
    expect(await page.getByTestId('access-restricted').innerText()).toContain(
      PAGE_ACCESS.integrations.message,
    );
    await context.close();
  });

  // A page whose code was slow to come showed nothing of its own: the last page stayed on screen,
  // its being replaced told only to assistive technology (aria-busy). Past the router's pending
  // time (a second) the page's place now says it is loading, in the shell, whose header stays.
  it('keeps the shell and says the page is loading while its code is slow to come', async () => {
    const { context, page, code } = await managerOpensWithCodeHeld('settings', 'SettingsPage');
    await expect
      .poll(() => page.locator('main').getByRole('status').allTextContents())
      .toEqual(['Loading page...']);
    expect(await shellSeen(page)).toMatchObject({ headerGone: false });
    code.release();
    await expect
      .poll(() => page.locator('main').getByRole('heading', { level: 1 }).allTextContents())
      .toEqual(['Settings']);
    expect(await shellSeen(page)).toMatchObject({ headerGone: false });
    await context.close();
  });
});

/** Holds back the page's code (its chunk) until released; `asked` once the browser asked for it. */
async function holdPageCode(page: Page, chunk: RegExp) {
  let asked!: () => void;
  let release!: () => void;
  const askedFor = new Promise<void>((resolve) => (asked = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { asked: askedFor, release };
}

/**
 * Records from now on whether the shell's main was ever busy and its header ever gone: seen by an
 * observer, as a read at one moment may fall before or after either.
 */
async function watchShell(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { busy: false, headerGone: false };
    Object.assign(window, { shellSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('main[aria-busy=true]')) seen.busy = true;
      if (!document.querySelector('header')) seen.headerGone = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

function shellSeen(page: Page): Promise<{ busy: boolean; headerGone: boolean }> {
  return page.evaluate(
    () => (window as unknown as { shellSeen: { busy: boolean; headerGone: boolean } }).shellSeen,
  );
}

/** What is wrong with the page for the role, or null. */
/**
 * The page's outcome once a refusal has had time to show: the gate that sends a role back to the
 * dashboard navigates a moment after the page opened, and a loaded machine was seen on /admin
 * still when the outcome was read once. A page shown for good stays one whatever the wait.
 */
async function refusalShown(page: Page, path: PagePath, want: PageOutcome): Promise<PageOutcome> {
  let got = await pageOutcome(page, path);
  for (let look = 0; got !== want && want !== 'page' && look < 50; look++) {
    await page.waitForTimeout(100);
    got = await pageOutcome(page, path);
  }
  return got;
}

async function check(page: Page, path: PagePath, want: PageOutcome): Promise<string | null> {
  await openPage(page, address(path));
  const got = await refusalShown(page, path, want);
  const errors = (await seenToasts(page))
    .filter((toast) => toast.destructive && !toast.text.startsWith('Access Denied'))
    .map((toast) => toast.text);
  if (got !== want || errors.length > 0) {
    return `expected ${want}, got ${got}${errors.length ? ` and ${errors.join(' | ')}` : ''}`;
  }
  const message = PAGE_ACCESS[path].message;
  if (got === 'restricted' && message) {
    const shown = await page.getByTestId('access-restricted').innerText();
    if (!shown.includes(message)) return `Access Restricted without "${message}"`;
  }
  return null;
}
