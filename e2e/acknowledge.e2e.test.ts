import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, toastText, signInAt } from './browser.js';
import {
  Api,
  observe,
  PROCESSING_TIMEOUT,
  publishedSop,
  startRecordsStack,
  stopRecordsStack,
  waitFor,
} from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `harbour-${ID}.test`;
const PASSWORD = 'Harbour-Kitchen-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
} as const;
const CHANGE_NOTE = 'First cooling stage shortened to 90 minutes';
const COOLING_SOP_V2 = COOLING_SOP.map((line) =>
  line.startsWith('4. ') ? '4. Cool the food from 63 °C to 21 °C within 90 minutes.' : line,
);

let stack: RunningStack;
let browser: Browser;
let ids: Record<keyof typeof PEOPLE, number>;

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(
    `harbour-kitchen-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

/** The supervisor uploads a new version of the document (change note first, then the file). */
async function uploadVersion(supervisor: Api, documentId: number) {
  const form = new FormData();
  form.append('changeNote', CHANGE_NOTE);
  form.append('file', new Blob([new Uint8Array(sopPdf(COOLING_SOP_V2))]), 'cooling-v2.pdf');
  const response = await fetch(`${stack.url}/api/library/documents/${documentId}/versions`, {
    method: 'POST',
    headers: { cookie: supervisor.cookie },
    body: form,
  });
  expect(response.status).toBeLessThan(300);
}

describe('acknowledging a new SOP version, as a certified operator does', () => {
  it('opens the changes from the notification and acknowledges them once', async () => {
    const tess = await new Api(stack).login(PEOPLE.tess.email, PASSWORD);
    const sop = await publishedSop(stack, tess, 'Cooling', 'Safety');
    expect(await observe(tess, sop, ids.otto, () => true)).toMatchObject({ passed: true });
    await uploadVersion(tess, sop.documentId);

    const otto = await new Api(stack).login(PEOPLE.otto.email, PASSWORD);
    const path = `/library/documents/${sop.documentId}/acknowledge`;
    await waitFor(async () => {
      const { notifications } = await otto.call('GET', '/api/notifications');
      return JSON.stringify(notifications).includes(path);
    }, PROCESSING_TIMEOUT);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(page, stack.url, PEOPLE.otto.email, PASSWORD, path);
    await page.getByTestId('acknowledge-title').waitFor();
    expect(await page.getByTestId('access-restricted').count()).toBe(0);
    expect(await page.getByTestId('acknowledge-page').innerText()).toContain(CHANGE_NOTE);
    const changed = page.locator('[data-testid=diff-entry][data-status=changed]');
    await changed.first().waitFor();
    expect(await changed.first().innerText()).toContain('90');
    await keepScreenshot(page, 'acknowledge-version');

    await page.getByTestId('acknowledge-button').click();
    await expect.poll(() => toastText(page)).toContain('Version acknowledged');
    await page.getByTestId('acknowledged').waitFor();
    await page.reload();
    await page.getByTestId('acknowledged').waitFor();
    expect(await page.getByTestId('acknowledge-button').count()).toBe(0);
    const stored = await otto.call(
      'GET',
      `/api/library/documents/${sop.documentId}/acknowledgement`,
    );
    expect(stored).toMatchObject({ version: 2, mustAcknowledge: false });
    expect(stored.acknowledgedAt).toBeTruthy();
  });
});
