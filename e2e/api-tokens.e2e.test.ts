import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, signInAt } from './browser.js';
import { startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `tokens-${ID}.test`;
const PASSWORD = 'Tokens-Admin-Pass-1!';
const EMAIL = `ada@${DOMAIN}`;

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(
    `tokens-${ID}`,
    DOMAIN,
    { ada: { name: 'Ada Admin', email: EMAIL, role: 'admin' } },
    PASSWORD,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

const members = (secret: string) =>
  fetch(`${stack.url}/api/team/members`, { headers: { authorization: `Bearer ${secret}` } });

describe('API tokens in the settings page', () => {
  it('lets an administrator create a read-only token on a phone, use it and revoke it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, EMAIL, PASSWORD, '/settings');
    const card = page.getByTestId('settings-api-tokens');
    await card.waitFor();
    await page.getByTestId('api-token-name').fill('Nightly BI export');
    await page.getByTestId('api-token-role').selectOption('manager');
    await page.getByTestId('api-token-create').click();
    const secret = await page.getByTestId('api-token-value').innerText();
    expect(secret).toMatch(/^hub_pat_/);
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'api-token-phone');

    expect((await members(secret)).status).toBe(200);
    await page.reload();
    const row = page.getByTestId('api-token-row');
    await row.waitFor();
    expect(await row.innerText()).toContain('read only');
    expect(await row.innerText()).not.toContain('Last used never');

    await page.getByTestId('api-token-revoke').click();
    await page.getByTestId('confirm-action').click();
    await row.waitFor({ state: 'detached' });
    expect((await members(secret)).status).toBe(401);
  });
});
