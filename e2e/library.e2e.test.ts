import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, signIn, toastText } from './browser.js';
import { startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * The fixtures sit next to the repository. A two-page PDF with a text layer and no images
 * (pdftotext reads it cleanly), so processing needs no OCR.
 */
const TEXT_PDF = resolve(repoRoot, '../shared/fixtures/pdfs/issue17730.pdf');
/** A sentence of its first page, and a word found only in its body (not in our title). */
const KNOWN_SENTENCE = 'There are two types of links in PDF';
const BODY_WORD = 'antenna';
/** Not a PDF: refused before anything is sent. */
const NOT_A_PDF = resolve(repoRoot, '../shared/fixtures/faces/amy/amy1.png');

const FOLDER = 'Standard Procedures';
const TAG = 'Linking';
const DOCUMENT = { title: 'PDF Links Guide', description: 'How links work inside a PDF' };

/** The PDF worker may take a while on a cold start. */
const PROCESSING_TIMEOUT = 120_000;

/** An administrator of an organization of the file's own (the library starts empty). */
const ID = uniqueId();
const ADMIN = {
  name: 'Lena Librarian',
  email: `lena@lib-works-${ID}.test`,
  role: 'admin',
  password: 'Lib-Admin-Pass-1!',
};

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(
    `lib-works-${ID}`,
    `lib-works-${ID}.test`,
    { admin: ADMIN },
    ADMIN.password,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('document library, as a person uses it', () => {
  it('creates a folder and a tag, uploads a PDF, watches it being processed, reads it, searches and deletes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, stack.url, ADMIN.email, ADMIN.password);

    // From the sidebar to the Documents tab; the tabs follow the address.
    const sidebar = page.getByTestId('sidebar');
    if ((await sidebar.getByTestId('nav-library-documents').count()) === 0) {
      await sidebar.getByTestId('nav-group-library').click();
    }
    await sidebar.getByTestId('nav-library-documents').click();
    await page.waitForURL('**/library/documents');
    await page.getByRole('heading', { name: 'Library', exact: true }).waitFor();
    await page.getByText("Manage your organization's documents and videos").waitFor();
    expect(await page.getByTestId('library-tab-documents').getAttribute('data-state')).toBe(
      'active',
    );
    await page.getByText('No documents found').waitFor();
    await page.getByText('Upload your first document to get started').waitFor();

    await page.getByTestId('library-tab-videos').click();
    await page.waitForURL('**/library/videos');
    await page.getByTestId('video-library').waitFor();
    await page.getByTestId('library-tab-documents').click();
    await page.waitForURL('**/library/documents');
    await keepScreenshot(page, 'library-empty');

    // A folder: a name is required.
    await page.getByTestId('create-folder-button').click();
    const folderDialog = page.getByTestId('create-folder-dialog');
    await folderDialog.getByRole('heading', { name: 'Create New Folder' }).waitFor();
    await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
    await expect.poll(() => toastText(page)).toContain('Name required');
    expect(await toastText(page)).toContain('Please enter a folder name.');
    await folderDialog.getByLabel('Name').fill(FOLDER);
    await folderDialog.getByLabel('Description').fill('Procedures every shift follows');
    await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
    await expect.poll(() => toastText(page)).toContain('Folder created');
    const folderNode = page.locator(`[data-testid=folder-node][data-folder-name="${FOLDER}"]`);
    await folderNode.waitFor();

    // A tag, in blue.
    await page.getByTestId('create-tag-button').click();
    const tagDialog = page.getByTestId('create-tag-dialog');
    await tagDialog.getByRole('heading', { name: 'Create New Tag' }).waitFor();
    expect(await tagDialog.getByRole('radio', { name: 'Green' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await tagDialog.getByRole('button', { name: 'Create Tag' }).click();
    await tagDialog.getByText('Please enter a tag name.').waitFor();
    await tagDialog.getByLabel('Name').fill(TAG);
    await tagDialog.getByRole('radio', { name: 'Blue' }).click();
    await tagDialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect.poll(() => toastText(page)).toContain('Tag created');
    const tagItem = page.locator(`[data-testid=tag-item][data-tag-name="${TAG}"]`);
    await tagItem.waitFor();
    expect(await tagItem.innerText()).toContain('0');
    await keepScreenshot(page, 'library-folder-and-tag');

    // Upload: only a PDF is taken; the selected folder is the default destination.
    await folderNode.click();
    await page.getByTestId('upload-document-button').click();
    const uploadDialog = page.getByTestId('upload-document-dialog');
    await uploadDialog.getByRole('heading', { name: 'Upload Document' }).waitFor();
    await uploadDialog.getByTestId('document-file-input').setInputFiles(NOT_A_PDF);
    await uploadDialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect.poll(() => toastText(page)).toContain('Invalid file');
    expect(await toastText(page)).toContain('Please select a PDF file to upload.');

    await uploadDialog.getByTestId('document-file-input').setInputFiles(TEXT_PDF);
    await uploadDialog.getByLabel('Title').fill(DOCUMENT.title);
    await uploadDialog.getByLabel('Description').fill(DOCUMENT.description);
    await uploadDialog.getByLabel('Tags').fill(TAG);
    const folderSelect = uploadDialog.getByLabel('Folder');
    expect(await folderSelect.locator('option:checked').innerText()).toContain(FOLDER);
    await keepScreenshot(page, 'library-upload-dialog');
    await uploadDialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Document uploaded');
    await expect.poll(() => uploadDialog.count()).toBe(0);

    const row = page.locator(`[data-testid=document-row][data-document-title="${DOCUMENT.title}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(DOCUMENT.description);
    expect(await row.getByTestId('document-size').innerText()).toMatch(/^\d+(\.\d+)? KB$/);
    await keepScreenshot(page, 'library-document-processing');

    // The list polls every 3 s after an upload: the row reaches 'SOP Processed' by itself.
    await expect
      .poll(() => row.getByTestId('document-status').innerText(), {
        timeout: PROCESSING_TIMEOUT,
        interval: 1000,
      })
      .toBe('SOP Processed');
    await keepScreenshot(page, 'library-document-processed');

    // The tag now counts the document, and filters by it.
    await expect.poll(() => tagItem.innerText()).toContain('1');
    await tagItem.click();
    await page.getByTestId('tag-chip').filter({ hasText: TAG }).waitFor();
    await row.waitFor();

    // The viewer: the PDF, then the SOP content read from the markdown.
    await row.getByTestId('view-document').click();
    const viewer = page.getByTestId('document-viewer');
    await viewer.getByRole('heading', { name: DOCUMENT.title }).waitFor();
    // The evaluation is generated right after the SOP text: the header settles once it is.
    await expect
      .poll(() => viewer.getByTestId('viewer-summary').innerText(), { timeout: 60_000 })
      .toMatch(/Processing completed|Processing failed/);
    const frame = viewer.getByTestId('pdf-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^\/api\/files\//);
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(600);
    await keepScreenshot(page, 'library-viewer-preview');

    await viewer.getByTestId('viewer-tab-content').click();
    const content = viewer.getByTestId('document-content');
    await content.waitFor();
    await expect.poll(() => content.innerText()).toContain(KNOWN_SENTENCE);
    await keepScreenshot(page, 'library-viewer-content');

    await viewer.getByTestId('viewer-tab-evaluation').click();
    await viewer
      .getByTestId('evaluation')
      .or(viewer.getByTestId('evaluation-unavailable'))
      .or(viewer.getByTestId('evaluation-generation-error'))
      .first()
      .waitFor();
    await keepScreenshot(page, 'library-viewer-evaluation');
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);

    // Download opens the signed link in a new tab. The tab's request is what is checked: a
    // browser without a PDF viewer (the e2e run's headless shell) saves the file instead of
    // showing it, and the tab stays blank.
    const [download, fileRequest] = await Promise.all([
      page.context().waitForEvent('page'),
      page.context().waitForEvent('request', (request) => request.url().includes('/api/files/')),
      row.getByTestId('download-document').click(),
    ]);
    expect((await fileRequest.response())?.status()).toBe(200);
    await download.close();

    // Full-text search reaches the document's body; an unknown word finds nothing.
    await page.getByLabel(`Remove ${TAG} filter`).click();
    await page.getByTestId('folder-all').click();
    const search = page.getByPlaceholder('Search documents...');
    await search.fill(BODY_WORD);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('document-row').count()).toBe(1);
    await keepScreenshot(page, 'library-search-found');
    await search.fill('zebracrossing');
    // An empty search says nothing matches, not "upload your first document", and offers a way back.
    await page.getByText('No documents match your search').waitFor();
    expect(await row.count()).toBe(0);
    await keepScreenshot(page, 'library-search-empty');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => search.inputValue()).toBe('');

    // Refresh, then delete after a confirmation.
    await row.waitFor();
    await page.getByTestId('refresh-documents').click();
    await expect.poll(() => toastText(page)).toContain('Library refreshed');
    await row.getByTestId('delete-document').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => toastText(page)).toContain('Document deleted');
    await page.getByText('No documents found').waitFor();
    await keepScreenshot(page, 'library-document-deleted');
    await page.close();
  }, 240_000);
});
