import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api } from '@hub/proto';
import { keepScreenshot, launchBrowser, submitSignIn, toastText } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack } from './stack.js';

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('foundation, as a person uses it', () => {
  it('shows Login Failed for a wrong password', async () => {
    const page = await browser.newPage();
    await submitSignIn(page, stack.url, E2E_SUPER_ADMIN.email, 'not-the-password');
    await expect.poll(() => toastText(page)).toContain('Login Failed');
    expect(await toastText(page)).toContain('Invalid email or password. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it("links the sign-in page's help pages, and answers '/?code=' without a session", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.url}/?code=stale-code&state=x`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect.poll(() => toastText(page)).toContain('Authentication Error');
    expect(await toastText(page)).toContain('Failed to process authentication. Please try again.');
    expect(new URL(page.url()).search).toBe('');
    for (const [name, heading] of [
      ['Contact your administrator', 'Support'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Support', 'Support'],
    ] as const) {
      // Back to the sign-in page as its Back button goes, not a load of the app each time.
      if (new URL(page.url()).pathname !== '/') await page.goBack();
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByText('Page Not Found').count()).toBe(0);
    }
    await page.close();
  });

  it('signs the super administrator in, shows the Hub and their sidebar, keeps the theme, signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await keepScreenshot(page, 'sign-in');

    await submitSignIn(page, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.getByText('Welcome to Platform Administration Hub').waitFor();
    await expect.poll(() => toastText(page)).toContain('Welcome back, Super Administrator!');
    // The super administrator's feed is the platform's: files running beside this one sign in
    // too, so their lines may come first.
    const ownSignIn = page.getByTestId('activity-item').filter({ hasText: E2E_SUPER_ADMIN.email });
    await expect.poll(() => ownSignIn.count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'dashboard');

    const sidebar = page.getByTestId('sidebar');
    for (const entry of [
      'Admin Dashboard',
      'Hub',
      'Operations',
      'Library',
      'Training',
      'Equipment',
    ]) {
      await expect.poll(() => sidebar.getByText(entry, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await sidebar.innerText()).toContain('super admin');

    await page.getByTestId('user-menu-trigger').click();
    // The theme switches at once and is saved behind it: the reload waits for the save, or the
    // preferences read after it could still hold the light theme.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(api.updateUserPreferences.path) &&
        response.request().method() === api.updateUserPreferences.method,
    );
    await page.getByTestId('theme-dark').click();
    expect((await saved).status()).toBe(200);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await expect.poll(dark).toBe(true);
    await page.reload();
    await page.getByText('Welcome to Platform Administration Hub').waitFor();
    await expect.poll(dark).toBe(true);
    await page.getByTestId('user-menu-trigger').click();
    await expect
      .poll(() => page.getByTestId('theme-dark').getAttribute('data-state'))
      .toBe('checked');

    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => toastText(page)).toContain('Logged Out');
    const user = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(user).toBe(401);
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/no/such/page`);
    await page.getByText('Page Not Found').first().waitFor();
    await page.close();
  });
});
