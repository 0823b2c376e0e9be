import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, launchBrowser, signInAt } from './browser.js';
import { createPeople } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `settings-${ID}.test`;
const PASSWORD = 'Settings-Page-Pass-1!';
const EMAIL = `sam@${DOMAIN}`;
const OTHER_DEVICE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1';

let stack: RunningStack;
let browser: Browser;

/** A client with its own session cookie, sending the user agent given. */
async function apiSession(userAgent: string) {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'user-agent': userAgent,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.get('set-cookie')?.match(/hub_session=([^;]*)/);
    if (session?.[1]) cookie = `hub_session=${session[1]}`;
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test data read loosely
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  };
  return { call };
}

/** What the page must show for an instant in a zone, as YYYY-MM-DD, h:mm AM. */
function expected(iso: string, timeZone: string): string {
  const found: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  for (const part of formatter.formatToParts(new Date(iso))) found[part.type] = part.value;
  return `${found.year}-${found.month}-${found.day}, ${found.hour}:${found.minute} ${found.dayPeriod}`;
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
  const admin = await apiSession('e2e-setup');
  await admin.call('POST', '/api/auth/login', E2E_SUPER_ADMIN);
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: `settings-plant-${ID}`,
    displayName: 'Settings Plant',
    domain: DOMAIN,
  });
  await createPeople(
    stack,
    organization.body.id,
    { sam: { email: EMAIL, name: 'Sam Supervisor', role: 'training_supervisor' } },
    PASSWORD,
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * The person's browser tab, signed in by the first test and used again by the second (one browser
 * context and sign-in fewer: about 1 CPU-s of Chromium, docs/testing.md); signed in afresh if the
 * first did not get that far.
 */
let signedIn: Page | undefined;
async function signedInPage(): Promise<Page> {
  if (signedIn) return signedIn;
  signedIn = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await signInAt(signedIn, stack.url, EMAIL, PASSWORD, '/dashboard');
  return signedIn;
}

describe('settings', () => {
  it('changes the time zone and date format, and every date follows', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    // The last answer of GET /api/user/sessions the page received: what its rows show.
    let shown: { sessions: { current: boolean; lastSeenAt: string }[] } | null = null;
    page.on('response', (response) => {
      if (response.request().method() === 'GET' && response.url().endsWith('/api/user/sessions')) {
        response
          .json()
          .then((body: typeof shown) => {
            shown = body;
          })
          .catch(() => undefined);
      }
    });
    await signInAt(page, stack.url, EMAIL, PASSWORD, '/settings');
    signedIn = page;
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    const me = await apiSession('e2e-reader');
    await me.call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
    const currentRow = page
      .locator('[data-testid="session-row"]', { hasText: 'This device' })
      .getByTestId('session-last-seen');

    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await page.getByLabel('Time zone').selectOption(zone);
      await page.getByLabel('Date format').selectOption('YYYY-MM-DD');
      await page.getByTestId('save-preferences').click();
      await expect
        .poll(async () => (await me.call('GET', '/api/user/preferences')).body.timeZone)
        .toBe(zone);
      // The browser's own session: its last-seen time reads in the chosen zone and format.
      await expect
        .poll(async () => {
          const current = shown?.sessions.find((session) => session.current);
          return current
            ? (await currentRow.innerText()) === expected(current.lastSeenAt, zone)
            : false;
        })
        .toBe(true);
    }
    await keepScreenshot(page, 'settings-preferences');

    // Another page reads the same preferences: the profile's last sign-in.
    const user = (await me.call('GET', '/api/user')).body as { lastLogin: string };
    await page.goto(`${stack.url}/profile`);
    await expect
      .poll(() => page.getByTestId('account-details').innerText())
      .toContain(expected(user.lastLogin, 'Pacific/Pago_Pago'));
  });

  it('signs out another session from the security list', async () => {
    const phone = await apiSession(OTHER_DEVICE);
    expect(
      (await phone.call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD })).status,
    ).toBe(200);
    expect((await phone.call('GET', '/api/user')).status).toBe(200);

    const page = await signedInPage();
    await followLink(page, '/settings');
    const phoneRow = page.locator('[data-testid="session-row"]', { hasText: 'Safari on iOS' });
    await phoneRow.waitFor();
    await phoneRow.getByTestId('end-session').click();
    await expect.poll(() => phoneRow.count()).toBe(0);
    expect((await phone.call('GET', '/api/user')).status).toBe(401);

    // Sign out all others: the remaining API sessions end, this page stays signed in.
    await page.reload();
    await page.getByTestId('end-other-sessions').click();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => page.locator('[data-testid="session-row"]').count()).toBe(1);
    await keepScreenshot(page, 'settings-security');
    expect(await page.getByTestId('settings-page').isVisible()).toBe(true);
    await page.close();
  });
});
