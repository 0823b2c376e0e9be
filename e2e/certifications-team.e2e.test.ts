import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, keepScreenshot, signInAt } from './browser.js';
import { Api, observe, publishedSop, startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `quay-${ID}.test`;
const PASSWORD = 'Quay-Kitchen-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
  adam: { name: 'Adam Admin', email: `adam@${DOMAIN}`, role: 'admin' },
} as const;

let stack: RunningStack;
let browser: Browser;
let ids: Record<keyof typeof PEOPLE, number>;

const cardValue = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).innerText();

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(
    `quay-kitchen-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('certifications and the team, from real observations', () => {
  it('certifies a pass: listed on /certifications, downloadable as PDF, verifiable by anyone', async () => {
    const tess = await new Api(stack).login(PEOPLE.tess.email, PASSWORD);
    const sop = await publishedSop(stack, tess, 'Cooling', 'Safety');
    const title = sop.evaluation.title;
    expect(await observe(tess, sop, ids.otto, () => true)).toMatchObject({ passed: true });
    expect(await observe(tess, sop, ids.olga, () => false)).toMatchObject({
      completed: true,
    });

    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signInAt(page, stack.url, PEOPLE.tess.email, PASSWORD, '/certifications');
    await page.getByRole('heading', { name: 'Certifications', exact: true }).waitFor();
    await expect.poll(() => cardValue(page, 'cert-active')).toBe('1');
    expect(await cardValue(page, 'cert-completed-month')).toBe('1');
    expect(await cardValue(page, 'cert-expiring')).toBe('0');
    expect(await cardValue(page, 'cert-overdue')).toBe('0');
    const row = page.locator('[data-testid^=certification-]').filter({ hasText: title }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Otto Operator');
    expect(await row.innerText()).toContain('Active');
    expect(await page.getByTestId('cert-category').innerText()).toMatch(/Safety\s+1/);
    await keepScreenshot(page, 'certifications-page');

    const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(await row.innerText())![0];
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
    const bytes = await downloadedBytes(download);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const verified = await fetch(`${stack.url}/api/certifications/verify/${code}`);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({
      valid: true,
      state: 'active',
      holderName: 'Otto Operator',
      title,
    });

    // The operator sees their own certification, and no revoke button.
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(operator, stack.url, PEOPLE.otto.email, PASSWORD, '/certifications');
    await expect.poll(() => cardValue(operator, 'cert-active')).toBe('1');
    expect(await operator.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    await operator.close();

    // An administrator revokes it; the page and the verification follow.
    await page.close();
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(adminPage, stack.url, PEOPLE.adam.email, PASSWORD, '/certifications');
    await adminPage.getByRole('button', { name: 'Revoke' }).first().click();
    await adminPage.getByTestId('revoke-reason').fill('Observed skipping the probe check');
    await adminPage.getByTestId('revoke-confirm').click();
    await expect.poll(() => cardValue(adminPage, 'cert-active')).toBe('0');
    await adminPage.getByText('Revoked: Observed skipping the probe check').waitFor();
    const after = await fetch(`${stack.url}/api/certifications/verify/${code}`);
    expect(await after.json()).toMatchObject({ valid: false, state: 'revoked' });
    await keepScreenshot(adminPage, 'certifications-revoked');
    await adminPage.close();
  });
});
