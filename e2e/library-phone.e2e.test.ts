import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, signIn } from './browser.js';
import { Api, startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

/** The document viewer on a phone (390 x 844), in the language whose labels are the longest. */
const ID = uniqueId();
const ADMIN = {
  name: 'Paula Phone',
  email: `paula@lib-phone-${ID}.test`,
  role: 'admin',
  password: 'Lib-Phone-Pass-1!',
};

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(
    `lib-phone-${ID}`,
    `lib-phone-${ID}.test`,
    { admin: ADMIN },
    ADMIN.password,
  ));
});

afterAll(() => stopRecordsStack({ stack, browser }));

/** Uploads the cooling SOP as the admin; its processing need not have finished. */
async function uploadSop(api: Api, title: string): Promise<number> {
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(sopPdf(COOLING_SOP))]), 'cooling.pdf');
  const uploaded = await fetch(`${stack.url}/api/library/documents/upload`, {
    method: 'POST',
    headers: { cookie: api.cookie },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { id: number }).id;
}

/**
 * The right edges, past the window's, of `selector`'s elements in the viewer and of their text
 * (a long word overflows its element without widening it).
 */
async function pastTheWindow(page: Page, selector: string): Promise<number[]> {
  return page.getByTestId('document-viewer').evaluate((viewer, query) => {
    const width = viewer.ownerDocument.documentElement.clientWidth;
    return [...viewer.querySelectorAll(query)]
      .flatMap((element) => {
        const text = viewer.ownerDocument.createRange();
        text.selectNodeContents(element);
        return [element.getBoundingClientRect().right, text.getBoundingClientRect().right];
      })
      .filter((right) => right > width);
  }, selector);
}

/** Signs in on a phone and opens the viewer of the document titled `title`. */
async function openViewer(title: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, stack.url, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/library/documents`);
  const row = page.locator(`[data-testid=document-row][data-document-title="${title}"]`);
  await row.getByTestId('view-document').click();
  await page.getByTestId('document-viewer').getByTestId('viewer-tab-versions').waitFor();
  return page;
}

describe('the document viewer on a phone', () => {
  it('keeps its tabs inside the screen in Spanish', async () => {
    const api = await new Api(stack).login(ADMIN.email, ADMIN.password);
    await api.call('PUT', '/api/user/preferences', {
      language: 'es',
      timeZone: null,
      dateFormat: null,
      theme: 'system',
    });
    await uploadSop(api, 'Enfriamiento');

    const page = await openViewer('Enfriamiento');
    const viewer = page.getByTestId('document-viewer');
    expect(await viewer.getByTestId('viewer-tab-preview').innerText()).toBe('Vista previa');

    const overflow = await pastTheWindow(page, '[role=tablist], [role=tab]');
    await keepScreenshot(page, 'library-viewer-phone-es');
    expect(overflow).toEqual([]);
    await page.close();
  });

  it('keeps a long change note, a pasted link, inside the screen', async () => {
    const api = await new Api(stack).login(ADMIN.email, ADMIN.password);
    const id = await uploadSop(api, 'Cooling links');
    const note = `See https://intranet.example.test/procedures/cooling/${'revision-'.repeat(12)}2`;
    const form = new FormData();
    form.append('changeNote', note);
    form.append('file', new Blob([new Uint8Array(sopPdf(COOLING_SOP))]), 'cooling-v2.pdf');
    const uploaded = await fetch(`${stack.url}/api/library/documents/${id}/versions`, {
      method: 'POST',
      headers: { cookie: api.cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const page = await openViewer('Cooling links');
    await page.getByTestId('document-viewer').getByTestId('viewer-tab-versions').click();
    await page.getByTestId('version-2').getByTestId('version-note').waitFor();
    await keepScreenshot(page, 'library-versions-phone');
    expect(await pastTheWindow(page, '[data-testid=version-2] *')).toEqual([]);
    await page.close();
  });
});

describe('a toast on a phone', () => {
  it("leaves the header's buttons to be pressed while it shows", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, stack.url, ADMIN.email, ADMIN.password);
    await page.goto(`${stack.url}/library/documents`);
    const header = page.locator('header:has([data-testid=sidebar-toggle])');
    await header.getByTestId('user-menu-trigger').waitFor();
    const controls = header.locator('button, a[href]');
    expect(await controls.count()).toBeGreaterThanOrEqual(2);

    // 'Library refreshed': a toast of the page's own, shown for 5 s.
    await page.getByTestId('refresh-documents').click();
    const shown = page.locator('[data-testid=toast][data-state=open]');
    await expect.poll(() => shown.count()).toBe(1);
    // In place (its slide in over), inside the screen.
    const { top, bottom } = await shown.evaluate(async (toast) => {
      await Promise.all(toast.getAnimations().map((animation) => animation.finished));
      const box = toast.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    });
    expect(top).toBeGreaterThanOrEqual(0);
    expect(bottom).toBeLessThanOrEqual(844);

    // Each header button is the element at its own centre, or holds it.
    const covered = await controls.evaluateAll((elements) =>
      elements
        .filter((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top === null || !element.contains(top);
        })
        .map((element) => element.getAttribute('data-testid') ?? element.outerHTML.slice(0, 80)),
    );
    // Still showing: the toast was there while the header was measured (read before the
    // screenshot, which on a slow machine can outlast the toast's 5 s).
    expect(await shown.count()).toBe(1);
    await keepScreenshot(page, 'library-toast-phone');
    expect(covered).toEqual([]);
    await page.close();
  });

  it("leaves a dialog's action row to be pressed, once the form is scrolled to its end", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, stack.url, ADMIN.email, ADMIN.password);
    await page.goto(`${stack.url}/library/documents`);
    await page.getByTestId('upload-document-button').click();
    // The whole screen on a phone. In whichever language the tests above left: no label is read.
    const dialog = page.getByTestId('upload-document-dialog');
    const description = dialog.locator('textarea');
    await description.waitFor();
    const upload = dialog.locator('button[type=submit]');
    const row = upload.locator('xpath=..');
    const shown = page.locator('[data-testid=toast][data-state=open]');
    /** Upload with no file chosen: 'Invalid file', in place (its slide in over) when it returns. */
    const refusedToast = async () => {
      await upload.click();
      await expect.poll(() => shown.count()).toBe(1);
      return shown.evaluate(async (toast) => {
        await Promise.all(toast.getAnimations().map((animation) => animation.finished));
        const box = toast.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      });
    };
    /** Those of the controls not the element at their own centre (nor holding it). */
    const covered = (controls: Locator) =>
      controls.evaluateAll((elements) =>
        elements
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return at === null || !element.contains(at);
          })
          .map((element) => element.outerHTML.slice(0, 80)),
      );

    // A short form (the description's box dragged smaller): the toast stays on the screen's
    // bottom edge, in the space below the action row, over none of the fields.
    await description.evaluate((box) => {
      box.style.height = '40px';
    });
    const short = await refusedToast();
    expect(short.bottom).toBeGreaterThan(844 - 40);
    expect(await covered(dialog.locator('input, select, textarea, button'))).toEqual([]);

    // A long form (the box dragged taller), scrolled to its end: the action row sits at the
    // bottom of the screen, where the toast shows.
    await description.evaluate((box) => {
      box.style.height = '700px';
    });
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 2000);
    await expect
      .poll(async () => {
        const box = (await row.boundingBox())!;
        return box.y + box.height;
      })
      .toBeGreaterThan(800);

    const { top } = await refusedToast();
    expect(top).toBeGreaterThanOrEqual(0);
    // Each of the row's buttons is the element at its own centre.
    const buttons = await covered(row.locator('button'));
    // Still showing: the toast was there while the row was measured (read before the screenshot).
    expect(await shown.count()).toBe(1);
    await keepScreenshot(page, 'library-dialog-toast-phone');
    expect(buttons).toEqual([]);
    await page.close();
  });
});
