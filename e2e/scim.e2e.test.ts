import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, signInAt } from './browser.js';
import { startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `scim-${ID}.test`;
const PASSWORD = 'Scim-Admin-Pass-1!';
const EMAIL = `ada@${DOMAIN}`;

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(
    `scim-${ID}`,
    DOMAIN,
    { ada: { name: 'Ada Admin', email: EMAIL, role: 'admin' } },
    PASSWORD,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('SCIM tokens in the settings page', () => {
  it('lets an administrator create a token on a phone, use it and revoke it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, EMAIL, PASSWORD, '/settings');
    const card = page.getByTestId('settings-scim');
    await card.waitFor();
    await page.getByTestId('scim-token-name').fill('Okta');
    await page.getByTestId('scim-token-create').click();
    const secret = await page.getByTestId('scim-token-value').innerText();
    expect(secret).toMatch(/^hubscim_/);
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'scim-token-phone');

    const users = await fetch(`${stack.url}/scim/v2/Users`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(users.status).toBe(200);
    await page.reload();
    const row = page.getByTestId('scim-token-row');
    await row.waitFor();
    expect(await row.innerText()).not.toContain('Last used never');

    await page.getByTestId('scim-token-revoke').click();
    await page.getByTestId('confirm-action').click();
    await row.waitFor({ state: 'detached' });
    const refused = await fetch(`${stack.url}/scim/v2/Users`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
  });
});
