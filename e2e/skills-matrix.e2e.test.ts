import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, keepScreenshot, signInAt } from './browser.js';
import { Api, observe, publishedSop, startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `skills-${ID}.test`;
const PASSWORD = 'Skills-Kitchen-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
  adam: { name: 'Adam Admin', email: `adam@${DOMAIN}`, role: 'admin' },
} as const;

let stack: RunningStack;
let browser: Browser;
let ids: Record<keyof typeof PEOPLE, number>;

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(
    `skills-kitchen-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('job functions and the skills matrix, from real observations', () => {
  it('defines a job function, assigns people and reads their levels and gaps', async () => {
    const tess = await new Api(stack).login(PEOPLE.tess.email, PASSWORD);
    const sop = await publishedSop(stack, tess, 'Cooling', 'Safety');
    expect(await observe(tess, sop, ids.otto, () => true)).toMatchObject({ passed: true });
    expect(await observe(tess, sop, ids.olga, () => false)).toMatchObject({ passed: false });

    // The administrator defines the function and assigns both operators in the browser.
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(adminPage, stack.url, PEOPLE.adam.email, PASSWORD, '/insights/job-functions');
    await adminPage.getByTestId('job-functions-empty').waitFor();
    await adminPage.getByTestId('job-function-new').click();
    await adminPage.getByTestId('job-function-name').fill('Line cook');
    await adminPage.getByLabel('Cooling', { exact: true }).click();
    await adminPage.getByTestId('job-function-save').click();
    const card = adminPage.getByTestId(/^job-function-\d+$/).filter({ hasText: 'Line cook' });
    await card.getByTestId('job-function-people').click();
    await adminPage.getByLabel('Otto Operator (operator)').click();
    await adminPage.getByLabel('Olga Operator (operator)').click();
    await adminPage.getByTestId('members-save').click();
    const otto = adminPage.getByTestId(`job-function-member-${ids.otto}`);
    await expect.poll(() => otto.innerText()).toContain('1 of 1 SOP (100%)');
    expect(await adminPage.getByTestId(`job-function-member-${ids.olga}`).innerText()).toContain(
      '0 of 1 SOP (0%)',
    );
    expect(await card.getByTestId('job-function-coverage').innerText()).toContain('50% coverage');
    await keepScreenshot(adminPage, 'job-functions-page');
    await adminPage.close();

    // The supervisor reads the matrix: levels from the latest observations, gaps counted.
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signInAt(page, stack.url, PEOPLE.tess.email, PASSWORD, '/insights/skills-matrix');
    const ottoCell = page.getByTestId(`skills-cell-${ids.otto}-${sop.documentId}`);
    await ottoCell.waitFor();
    expect(await ottoCell.getAttribute('data-level')).toBe('certified');
    expect(await ottoCell.innerText()).toBe('100%');
    const olgaCell = page.getByTestId(`skills-cell-${ids.olga}-${sop.documentId}`);
    expect(await olgaCell.getAttribute('data-level')).toBe('in_training');
    expect(await page.getByTestId(`skills-matrix-gaps-${sop.documentId}`).innerText()).toBe('1');
    expect(await page.locator('tr[data-testid^=skills-matrix-row-]').count()).toBe(4);
    await page.getByTestId('skills-matrix-function').selectOption({ label: 'Line cook' });
    await expect.poll(() => page.locator('tr[data-testid^=skills-matrix-row-]').count()).toBe(2);
    await keepScreenshot(page, 'skills-matrix-page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('skills-matrix-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^skills-matrix-.+\.csv$/);
    const csv = (await downloadedBytes(download)).toString('utf8').split('\r\n');
    // After the byte order mark Excel needs to read UTF-8.
    expect(csv[0]).toBe('\uFEFFName,Email,Role,Department,Job functions,Gaps,Cooling');
    expect(csv.filter((line) => line.startsWith('Otto Operator'))[0]).toContain('Certified 100%');
    await page.close();

    // An operator reads their own standing per SOP on the Training page; the matrix, like the
    // rest of Operations, is for staff (spec section 6) and not in their sidebar.
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(operator, stack.url, PEOPLE.otto.email, PASSWORD, '/training');
    const skill = operator.getByTestId('my-skills').getByTestId('my-skill-row');
    await expect.poll(() => skill.getAttribute('data-level')).toBe('certified');
    expect(await skill.innerText()).toContain('Cooling');
    await operator.getByTestId('nav-training').waitFor();
    expect(await operator.getByTestId('nav-group-operations').count()).toBe(0);
    expect(await operator.getByTestId('nav-insights-skills-matrix').count()).toBe(0);
    await operator.goto(`${stack.url}/insights/skills-matrix`);
    await operator.getByTestId('access-restricted').waitFor();
    await operator.close();
  });
});
