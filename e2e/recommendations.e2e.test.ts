import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, signInAt } from './browser.js';
import { createPeople } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `advice-${ID}.test`;
const PASSWORD = 'Advice-Plant-Pass-1!';

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(E2E_SUPER_ADMIN),
  });
  await login.text();
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const created = await fetch(`${stack.url}/api/admin/organizations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({
      name: `advice-plant-${ID}`,
      displayName: 'Advice Plant',
      domain: DOMAIN,
    }),
  });
  const organization = (await created.json()) as { id: number };
  // A supervisor who has observed nobody: the engine recommends planning observations with her.
  await createPeople(
    stack,
    organization.id,
    {
      ada: { email: `ada@${DOMAIN}`, name: 'Ada Admin', role: 'admin' },
      sia: { email: `sia@${DOMAIN}`, name: 'Sia Supervisor', role: 'training_supervisor' },
    },
    PASSWORD,
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('recommendations', () => {
  it('shows what the rules found and dismisses a recommendation (who and when kept)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await signInAt(page, stack.url, `ada@${DOMAIN}`, PASSWORD, '/recommendations');
    await page.getByRole('heading', { name: 'Recommendations', exact: true }).waitFor();
    const card = page.getByTestId('recommendation').filter({
      hasText: 'Plan observations with Sia Supervisor',
    });
    await card.waitFor();
    const active = Number(await page.getByTestId('rec-active-value').innerText());
    expect(active).toBeGreaterThanOrEqual(1);
    await keepScreenshot(page, 'recommendations');

    await card.getByTestId('dismiss-recommendation').click();
    await expect.poll(() => card.count()).toBe(0);
    await expect
      .poll(async () => Number(await page.getByTestId('rec-active-value').innerText()))
      .toBe(active - 1);

    await page.getByTestId('rec-tab-dismissed').click();
    const dismissed = page.getByTestId('recommendation').filter({
      hasText: 'Plan observations with Sia Supervisor',
    });
    await expect
      .poll(() => dismissed.getByTestId('decision').innerText())
      .toContain('Dismissed by Ada Admin');

    // Running the rules again does not bring a dismissed recommendation back.
    await page.getByTestId('rec-tab-active').click();
    await page.getByTestId('evaluate-recommendations').click();
    await page.getByTestId('toast').filter({ hasText: 'Recommendations Updated' }).waitFor();
    expect(
      await page
        .getByTestId('recommendation')
        .filter({ hasText: 'Plan observations with Sia Supervisor' })
        .count(),
    ).toBe(0);
    await page.close();
  });
});
