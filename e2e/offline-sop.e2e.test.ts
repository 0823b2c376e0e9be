import { readdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, signIn } from './browser.js';
import { Api, publishedSop, startRecordsStack, stopRecordsStack } from './records.js';
import type { RunningStack } from './stack.js';

/** Issue #34, point 4: an operator reads a course's SOP offline after opening it once. */
const DOMAIN = 'hillside-dairy.test';
const PASSWORD = 'Hillside-Dairy-1!';
const PEOPLE = {
  sam: { name: 'Sam Supervisor', email: `sam@${DOMAIN}`, role: 'training_supervisor' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
} as const;

/** The build the stack's gateway serves (web/dist). */
const BUILT_ASSETS = new URL('../web/dist/assets/', import.meta.url);

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack('hillside-dairy', DOMAIN, PEOPLE, PASSWORD));
}, 300_000);

afterAll(() => stopRecordsStack({ stack, browser }));

/** The cooling SOP with a picture on its page: a 64 x 48 colour gradient. */
function coolingSopWithPicture(): Buffer {
  const [width, height] = [64, 48];
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgb.set([x * 4, y * 5, 160], (y * width + x) * 3);
  }
  return sopPdf(COOLING_SOP, { image: { width, height, rgb } });
}

/** Scrolls the SOP's picture into reach and waits until the browser has drawn it. */
async function pictureShown(page: Page): Promise<void> {
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  const picture = page.getByTestId('document-image');
  await picture.waitFor();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(64);
}

/** Every URL path the page's origin keeps in Cache Storage, by cache name. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return kept;
  });

describe('the installable app', () => {
  it('has a manifest whose start page and icons are served, PNGs of the sizes it names', async () => {
    const page = await (await fetch(`${stack.url}/dashboard`)).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(page).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    const answer = await fetch(`${stack.url}/manifest.webmanifest`);
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/dashboard', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await fetch(`${stack.url}${icon.src}`);
      expect(file.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await file.arrayBuffer());
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    const worker = await fetch(`${stack.url}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(await worker.text()).not.toMatch(/^\s*(import|export)\b/m);
  });
});

describe("an operator reads their course's SOP offline", () => {
  it('after opening it once online; nothing else of the API is kept, and sign-out forgets it', async () => {
    const sam = await new Api(stack).login(PEOPLE.sam.email, PASSWORD);
    const sop = await publishedSop(
      stack,
      sam,
      'Cooling Cooked Food',
      'Safety',
      coolingSopWithPicture(),
    );
    const course = await sam.call('POST', '/api/training/courses', {
      title: 'Dairy basics',
      category: 'Safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [sop.documentId],
    });
    const olga = await new Api(stack).login(PEOPLE.olga.email, PASSWORD);
    await olga.call('POST', `/api/training/courses/${course.id}/enroll`);
    const { version } = (await olga.call('GET', `/api/my/sops/${sop.documentId}`)) as {
      version: number;
    };

    // Service workers allowed (launchBrowser blocks them elsewhere); localhost is a secure context.
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signIn(page, stack.url, PEOPLE.olga.email, PASSWORD);
    // The worker installs on the first visit and then controls the pages opened after it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const sopUrl = `${stack.url}/my-sops/${sop.documentId}`;
    await page.goto(sopUrl);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.getByTestId('my-sop-title').waitFor();
    const content = await page.getByTestId('document-content').innerText();
    expect(content).toMatch(/cool/i);
    // Online, the page is the server's answer: no offline mark.
    expect(await page.getByTestId('my-sop-offline-copy').count()).toBe(0);
    await pictureShown(page);
    await expect
      .poll(async () => (await cachedPaths(page))['hub-sops-v1'] ?? [])
      .toContain(`/api/my/sops/${sop.documentId}`);
    // The picture's link answer and its file are kept with the SOP.
    await expect
      .poll(async () => {
        const paths = (await cachedPaths(page))['hub-sops-v1'] ?? [];
        return [
          paths.some((path) => path.startsWith(`/api/my/sops/${sop.documentId}/images/`)),
          paths.some((path) => path.startsWith('/api/files/')),
        ];
      })
      .toEqual([true, true]);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('my-sop-title').waitFor();
    expect(await page.getByTestId('my-sop-title').innerText()).toBe('Cooling Cooked Food');
    expect(await page.getByTestId('document-content').innerText()).toBe(content);
    expect(await page.getByTestId('my-sop-offline-copy').innerText()).toContain(
      `offline copy, version ${version}`,
    );
    expect(await page.getByTestId('offline-shell').innerText()).toContain('Offline');
    await pictureShown(page);
    expect(await page.getByTestId('document-image-failed').count()).toBe(0);
    await keepScreenshot(page, 'my-sop-offline');

    // Only the SOP (and its images' files) is kept of the API; the shell keeps no API answer.
    const kept = await cachedPaths(page);
    expect(Object.keys(kept).sort()).toEqual(['hub-shell-v1', 'hub-sops-v1']);
    for (const path of kept['hub-sops-v1']!) {
      expect(path).toMatch(/^\/api\/(my\/sops\/\d+(\/images\/[^/]+)?|files\/[^/]+)$/);
    }
    expect(kept['hub-shell-v1']!.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(kept['hub-shell-v1']).toContain('/');
    // Every chunk of the build is kept, those of pages never opened too (they load on demand),
    // each once: its compressed copies are how the gateway sends it, not files of their own.
    const built = readdirSync(BUILT_ASSETS)
      .filter((file) => !/\.(br|gz)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(kept['hub-shell-v1']).toEqual(expect.arrayContaining(built));
    // Another kind of API answer the page asked for is not answered from anywhere offline.
    const user = await page.evaluate(() =>
      fetch('/api/user').then(
        (response) => response.status,
        () => 'network error',
      ),
    );
    expect(user).toBe('network error');
    // A page she never opened online opens offline, its chunk from what the worker kept.
    await page.goto(`${stack.url}/training`);
    await page.getByTestId('training-page').waitFor();
    await page.goto(sopUrl);
    await page.getByTestId('my-sop-title').waitFor();

    // Online again, signing out forgets the kept SOPs: the next person on the device is not her.
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('my-sop-title').waitFor();
    expect(await page.getByTestId('my-sop-offline-copy').count()).toBe(0);
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => caches.has('hub-sops-v1'))).toBe(false);
    await context.close();
  }, 300_000);
});
