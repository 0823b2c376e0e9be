import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../services/identity/src/auth/passwords.js';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, launchBrowser, signIn } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, startStack } from './stack.js';

const DOMAIN = 'skills.test';
const PASSWORD = 'Skills-Kitchen-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
  adam: { name: 'Adam Admin', email: `adam@${DOMAIN}`, role: 'admin' },
} as const;
/** The PDF and quiz workers may take a while on a cold start. */
const PROCESSING_TIMEOUT = 120_000;

let stack: RunningStack;
let browser: Browser;
const ids: Partial<Record<keyof typeof PEOPLE, number>> = {};

/** A signed-in API client (the session cookie kept between calls). */
class Api {
  cookie = '';

  async call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.get('set-cookie')?.match(/hub_session=([^;]*)/);
    if (session?.[1]) this.cookie = `hub_session=${session[1]}`;
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test data read loosely
    const json: any = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return json;
  }

  async login(email: string) {
    await this.call('POST', '/api/auth/login', { email, password: PASSWORD });
    return this;
  }
}

/** The people of the organization, straight into identity's table (sign-in is what is tested). */
async function createPeople(organizationId: number) {
  const sql = new pg.Client({
    connectionString: stack.resources.databaseUrl,
    options: '-c search_path=identity',
  });
  await sql.connect();
  const hash = await hashPassword(PASSWORD);
  for (const [key, person] of Object.entries(PEOPLE) as [
    keyof typeof PEOPLE,
    (typeof PEOPLE)[keyof typeof PEOPLE],
  ][]) {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
       VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
      [person.email, person.name, person.role, organizationId, hash],
    );
    ids[key] = rows[0]!.id;
  }
  await sql.end();
}

/** Tess uploads the SOP (tagged Safety) and publishes its evaluation; returns what to answer. */
async function publishedSop(tess: Api) {
  const form = new FormData();
  form.append('title', 'Cooling');
  form.append('tags', 'Safety');
  form.append('file', new Blob([new Uint8Array(sopPdf(COOLING_SOP))]), 'cooling.pdf');
  const uploaded = await fetch(`${stack.url}/api/library/documents/upload`, {
    method: 'POST',
    headers: { cookie: tess.cookie },
    body: form,
  });
  const documentId = ((await uploaded.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        (await tess.call('GET', `/api/library/documents/${documentId}`)).evaluationGenerated,
      { timeout: PROCESSING_TIMEOUT, interval: 1000 },
    )
    .toBe(true);
  await tess.call('POST', `/api/library/documents/${documentId}/evaluation/publish`);
  const published = await tess.call('GET', `/api/library/documents/${documentId}/evaluation`);
  return {
    documentId,
    evaluation: published as {
      title: string;
      id: number;
      questions: { id: string; correctIndex: number }[];
    },
  };
}

/** Tess observes someone against the evaluation, answering right when `correct` says so. */
async function observe(
  tess: Api,
  sop: Awaited<ReturnType<typeof publishedSop>>,
  operatorId: number,
  correct: (index: number) => boolean,
) {
  const created = await tess.call('POST', '/api/observations/create', {
    sopDocumentId: sop.documentId,
    evaluationId: sop.evaluation.id,
    operatorId,
  });
  let result: { completed: boolean; passed: boolean | null } = { completed: false, passed: null };
  for (const [index, question] of sop.evaluation.questions.entries()) {
    const choice = correct(index) ? question.correctIndex : (question.correctIndex + 1) % 2;
    result = await tess.call('POST', `/api/observations/${created.id}/response`, {
      questionId: question.id,
      selectedOption: 'ABCDEFGH'[choice],
      selectedOptionText: '',
      timeSpentSeconds: 4,
      managerNotes: '',
    });
  }
  return result;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const admin = new Api();
  await admin.call('POST', '/api/auth/login', {
    email: E2E_SUPER_ADMIN.email,
    password: E2E_SUPER_ADMIN.password,
  });
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: 'skills-kitchen',
    displayName: 'Skills Kitchen',
    domain: DOMAIN,
  });
  await createPeople(organization.id as number);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('job functions and the skills matrix, from real observations', () => {
  it('defines a job function, assigns people and reads their levels and gaps', async () => {
    const tess = await new Api().login(PEOPLE.tess.email);
    const sop = await publishedSop(tess);
    expect(await observe(tess, sop, ids.otto!, () => true)).toMatchObject({ passed: true });
    expect(await observe(tess, sop, ids.olga!, () => false)).toMatchObject({ passed: false });

    // The administrator defines the function and assigns both operators in the browser.
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(adminPage, stack.url, PEOPLE.adam.email, PASSWORD);
    await adminPage.goto(`${stack.url}/insights/job-functions`);
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
    await expect.poll(() => otto.innerText()).toContain('1 of 1 SOPs (100%)');
    expect(await adminPage.getByTestId(`job-function-member-${ids.olga}`).innerText()).toContain(
      '0 of 1 SOPs (0%)',
    );
    expect(await card.getByTestId('job-function-coverage').innerText()).toContain('50% coverage');
    await keepScreenshot(adminPage, 'job-functions-page');
    await adminPage.close();

    // The supervisor reads the matrix: levels from the latest observations, gaps counted.
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signIn(page, stack.url, PEOPLE.tess.email, PASSWORD);
    await page.goto(`${stack.url}/insights/skills-matrix`);
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
    const csv = (await readFile((await download.path())!)).toString('utf8').split('\r\n');
    expect(csv[0]).toBe('Name,Email,Role,Department,Job functions,Gaps,Cooling');
    expect(csv.filter((line) => line.startsWith('Otto Operator'))[0]).toContain('Certified 100%');
    await page.close();

    // An operator sees their own row only.
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(operator, stack.url, PEOPLE.otto.email, PASSWORD);
    await operator.goto(`${stack.url}/insights/skills-matrix`);
    await operator.getByTestId(`skills-cell-${ids.otto}-${sop.documentId}`).waitFor();
    expect(await operator.locator('tr[data-testid^=skills-matrix-row-]').count()).toBe(1);
    await operator.close();
  });
});
