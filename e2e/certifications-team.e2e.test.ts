import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../services/identity/src/auth/passwords.js';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, launchBrowser, signIn } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, startStack } from './stack.js';

const DOMAIN = 'quay.test';
const PASSWORD = 'Quay-Kitchen-Pass-1!';
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

const cardValue = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).innerText();

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const admin = new Api();
  await admin.call('POST', '/api/auth/login', {
    email: E2E_SUPER_ADMIN.email,
    password: E2E_SUPER_ADMIN.password,
  });
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: 'quay-kitchen',
    displayName: 'Quay Kitchen',
    domain: DOMAIN,
  });
  await createPeople(organization.id as number);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('certifications and the team, from real observations', () => {
  it('certifies a pass: listed on /certifications, downloadable as PDF, verifiable by anyone', async () => {
    const tess = await new Api().login(PEOPLE.tess.email);
    const sop = await publishedSop(tess);
    const title = sop.evaluation.title;
    expect(await observe(tess, sop, ids.otto!, () => true)).toMatchObject({ passed: true });
    expect(await observe(tess, sop, ids.olga!, () => false)).toMatchObject({
      completed: true,
    });

    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signIn(page, stack.url, PEOPLE.tess.email, PASSWORD);
    await page.goto(`${stack.url}/certifications`);
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
    const bytes = await readFile((await download.path())!);
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
    await signIn(operator, stack.url, PEOPLE.otto.email, PASSWORD);
    await operator.goto(`${stack.url}/certifications`);
    await expect.poll(() => cardValue(operator, 'cert-active')).toBe('1');
    expect(await operator.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    await operator.close();

    // An administrator revokes it; the page and the verification follow.
    await page.close();
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(adminPage, stack.url, PEOPLE.adam.email, PASSWORD);
    await adminPage.goto(`${stack.url}/certifications`);
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
