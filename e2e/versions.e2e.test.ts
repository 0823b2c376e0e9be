import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, launchBrowser, toastText, signInAt } from './browser.js';
import { createOrganization, createPeople } from './records.js';
import { type RunningStack, sharedStack, uniqueId } from './stack.js';

const TITLE = 'Cooling cooked food';
/** The SOP's second version: step 4 changed, step 6 removed, a step added at the end. */
const COOLING_SOP_V2 = COOLING_SOP.flatMap((line) => {
  if (line.startsWith('4. ')) return ['4. Cool the food from 63 °C to 21 °C within 90 minutes.'];
  if (line.startsWith('6. ')) return [];
  if (line.startsWith('7. ')) return [line, '8. Sign the cooling log at the end of every shift.'];
  return [line];
});
const CHANGE_NOTE = 'First cooling stage shortened to 90 minutes; labels replaced by the log';
const PROCESSING_TIMEOUT = 120_000;

/** An administrator of an organization of the file's own (the library starts empty). */
const ID = uniqueId();
const ADMIN = {
  name: 'Vera Admin',
  email: `vera@version-works-${ID}.test`,
  role: 'admin',
  password: 'Version-Admin-Pass-1!',
};

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await sharedStack();
  const organizationId = await createOrganization(
    stack,
    `version-works-${ID}`,
    `version-works-${ID}.test`,
  );
  await createPeople(stack, organizationId, { admin: ADMIN }, ADMIN.password);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('document versions, as a person uses them', () => {
  it('uploads a new version from the viewer, lists both and shows what changed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(page, stack.url, ADMIN.email, ADMIN.password, '/library/documents');
    await page.getByText('No documents found').waitFor();

    await page.getByTestId('upload-document-button').click();
    const uploadDialog = page.getByTestId('upload-document-dialog');
    await uploadDialog.getByTestId('document-file-input').setInputFiles({
      name: 'cooling.pdf',
      mimeType: 'application/pdf',
      buffer: sopPdf(COOLING_SOP),
    });
    await uploadDialog.getByLabel('Title').fill(TITLE);
    await uploadDialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Document uploaded');
    const row = page.locator(`[data-testid=document-row][data-document-title="${TITLE}"]`);
    await expect
      .poll(() => row.getByTestId('document-status').innerText(), {
        timeout: PROCESSING_TIMEOUT,
        interval: 1000,
      })
      .toBe('SOP Processed');

    // The viewer's Versions tab: one version so far, then a new one with its change note.
    await row.getByTestId('view-document').click();
    const viewer = page.getByTestId('document-viewer');
    await viewer.getByTestId('viewer-tab-versions').click();
    const versions = viewer.getByTestId('document-versions');
    await versions.getByTestId('version-1').waitFor();
    expect(await versions.getByTestId('current-version').innerText()).toBe('1');
    await versions.getByTestId('upload-new-version').click();
    const form = versions.getByTestId('new-version-form');
    await form.getByRole('button', { name: 'Upload version' }).click();
    await form.getByText('Please describe what changed in this version.').waitFor();
    await form.getByLabel('What changed').fill(CHANGE_NOTE);
    await form.getByTestId('version-file-input').setInputFiles({
      name: 'cooling-v2.pdf',
      mimeType: 'application/pdf',
      buffer: sopPdf(COOLING_SOP_V2),
    });
    await keepScreenshot(page, 'versions-upload-form');
    await form.getByRole('button', { name: 'Upload version' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('New version uploaded');

    // Both versions listed, the new one current, with who uploaded it and why.
    const second = versions.getByTestId('version-2');
    await second.waitFor();
    expect(await second.innerText()).toContain(CHANGE_NOTE);
    expect(await second.innerText()).toContain('Current');
    expect(await second.innerText()).toContain('cooling-v2.pdf');
    await expect
      .poll(() => second.innerText(), { timeout: PROCESSING_TIMEOUT, interval: 1000 })
      .toContain('Processed');

    // The comparison of version 1 with version 2, step by step, changed words marked.
    const diff = versions.getByTestId('version-diff');
    await expect
      .poll(() => diff.getByTestId('version-diff-summary').innerText(), {
        timeout: PROCESSING_TIMEOUT,
      })
      .toBe('1 changed, 1 added, 1 removed');
    const changed = diff.locator('[data-testid=diff-entry][data-status=changed]');
    expect(await changed.locator('del').innerText()).toBe('2 hours.');
    expect(await changed.locator('ins').innerText()).toBe('90 minutes.');
    expect(
      await diff.locator('[data-testid=diff-entry][data-status=removed]').innerText(),
    ).toContain('Label each container');
    expect(await diff.locator('[data-testid=diff-entry][data-status=added]').innerText()).toContain(
      'Sign the cooling log at the end of every shift.',
    );
    await keepScreenshot(page, 'versions-diff');

    // The current version is what the Content tab shows.
    await viewer.getByTestId('viewer-tab-content').click();
    await expect
      .poll(() => viewer.getByTestId('document-content').innerText(), { timeout: 30_000 })
      .toContain('Sign the cooling log');
    await page.close();
  }, 300_000);
});
