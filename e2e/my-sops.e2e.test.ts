import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, signInAt } from './browser.js';
import { Api, publishedSop, startRecordsStack, stopRecordsStack } from './records.js';
import type { RunningStack } from './stack.js';

/** Issue #34, point 3: an operator reads, read-only, the SOPs of the course they follow. */
const DOMAIN = 'riverside-bakery.test';
const PASSWORD = 'Riverside-Bakery-1!';
const PEOPLE = {
  sam: { name: 'Sam Supervisor', email: `sam@${DOMAIN}`, role: 'training_supervisor' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
} as const;

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack('riverside-bakery', DOMAIN, PEOPLE, PASSWORD));
}, 300_000);

afterAll(() => stopRecordsStack({ stack, browser }));

/** Another SOP of the organization, in no course of the operator's (left unprocessed). */
async function otherDocument(supervisor: Api): Promise<number> {
  const form = new FormData();
  form.append('title', 'Oven cleaning');
  form.append('file', new Blob([new Uint8Array(sopPdf(COOLING_SOP))]), 'oven.pdf');
  const response = await fetch(`${stack.url}/api/library/documents/upload`, {
    method: 'POST',
    headers: { cookie: supervisor.cookie },
    body: form,
  });
  return ((await response.json()) as { id: number }).id;
}

describe("an operator reads their course's SOP", () => {
  it('opens it from the Training Centre, read-only, on a phone; nothing else of the library', async () => {
    const sam = await new Api(stack).login(PEOPLE.sam.email, PASSWORD);
    const sop = await publishedSop(stack, sam, 'Cooling Cooked Food', 'Safety');
    const course = await sam.call('POST', '/api/training/courses', {
      title: 'Bakery basics',
      category: 'Safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [sop.documentId],
    });
    const other = await otherDocument(sam);
    const olga = await new Api(stack).login(PEOPLE.olga.email, PASSWORD);
    await olga.call('POST', `/api/training/courses/${course.id}/enroll`);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, PEOPLE.olga.email, PASSWORD, '/training');
    const link = page.getByTestId('my-sops').getByTestId('my-sop-link');
    await link.waitFor();
    expect(await link.innerText()).toBe('Cooling Cooked Food');
    expect(await page.getByTestId('my-sops').innerText()).toContain('Course: Bakery basics');
    await link.click();

    await page.getByTestId('my-sop-title').waitFor();
    expect(page.url()).toBe(`${stack.url}/my-sops/${sop.documentId}`);
    expect(await page.getByTestId('access-restricted').count()).toBe(0);
    expect(await page.getByTestId('document-content').innerText()).toMatch(/cool/i);
    expect(await page.getByTestId('my-sop-reason').innerText()).toBe('Course: Bakery basics');
    // Read-only: no editing, deleting or uploading here.
    expect(await page.getByRole('button', { name: /delete|upload|edit/i }).count()).toBe(0);
    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      const main = document.querySelector('main')!;
      return root.scrollWidth - root.clientWidth + (main.scrollWidth - main.clientWidth);
    });
    expect(overflow).toBe(0);
    await keepScreenshot(page, 'my-sop-phone');

    await page.getByTestId('my-sop-tab-pdf').click();
    const pdf = await page.getByTestId('my-sop-pdf').getAttribute('src');
    const file = await fetch(`${stack.url}${pdf}`);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Another SOP of the organization is not hers, and the library stays closed.
    await page.goto(`${stack.url}/my-sops/${other}`);
    await page.getByTestId('my-sop-error').waitFor();
    expect(await page.getByTestId('my-sop-error').innerText()).toBe('Document not found');
    const refused = await fetch(`${stack.url}/api/library/documents/${sop.documentId}/markdown`, {
      headers: { cookie: olga.cookie },
    });
    expect(refused.status).toBe(403);
    await page.close();
  }, 300_000);
});
