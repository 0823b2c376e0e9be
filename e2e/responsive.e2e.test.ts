import { ROLES, type Role } from '@hub/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ACCESS, type PagePath } from '../web/src/access/pageAccess.js';
import { keepScreenshot, signIn } from './browser.js';
import {
  Api,
  observe,
  type Person,
  publishedSop,
  type PublishedSop,
  startRecordsStack,
  stopRecordsStack,
} from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, uniqueId } from './stack.js';

/**
 * Generated from the web app's role table (PAGE_ACCESS), like the access test: every page each
 * role may open, on a phone (390 x 844) and a tablet (768 x 1024). The page has the width (the
 * sidebar is a drawer there), nothing runs off the side of the screen, and a screenshot of each
 * is kept.
 */
const ID = uniqueId();
const DOMAIN = `pocket-works-${ID}.test`;
const PASSWORD = 'Pocket-Works-1!';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

/** One member per role (the super administrator is built in). */
const PEOPLE = Object.fromEntries(
  ROLES.filter((role) => role !== 'super_admin').map((role) => [
    role,
    { name: `Pat ${role.replace('_', ' ')}`, email: `${role.replace('_', '-')}@${DOMAIN}`, role },
  ]),
) as Record<Exclude<Role, 'super_admin'>, Person>;

let stack: RunningStack;
let browser: Browser;
let ids: Record<Exclude<Role, 'super_admin'>, number>;
let sop: PublishedSop;
/** An observation under way: the live session, with its answer buttons and findings form. */
let liveObservation: number;

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(
    `pocket-works-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
  const supervisor = await new Api(stack).login(PEOPLE.training_supervisor.email, PASSWORD);
  sop = await publishedSop(stack, supervisor, 'Cooling Cooked Food', 'Safety');
  // A completed observation too, so the insight, team and observation tables have rows.
  await observe(supervisor, sop, ids.operator, (index) => index % 2 === 0);
  const created = await supervisor.call('POST', '/api/observations/create', {
    sopDocumentId: sop.documentId,
    evaluationId: sop.evaluation.id,
    operatorId: ids.operator,
  });
  liveObservation = created.id as number;
}, 240_000);

afterAll(() => stopRecordsStack({ stack, browser }));

/** A concrete address for each page: the records made above where the path needs an id. */
function address(path: PagePath): string {
  const id = path.startsWith('observation/')
    ? liveObservation
    : path.startsWith('team/')
      ? ids.operator
      : sop.documentId;
  return `/${path.replace('$id', String(id))}`;
}

async function signedIn(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  if (role === 'super_admin') {
    await signIn(page, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
  } else {
    await signIn(page, stack.url, PEOPLE[role].email, PASSWORD);
  }
  return { context, page };
}

interface Layout {
  mainWidth: number;
  documentOverflow: number;
  mainOverflow: number;
}

/** How wide the page's content is, and by how much the document or the page run off the side. */
const measure = (page: Page) =>
  page.evaluate((): Layout => {
    const main = document.querySelector('main')!;
    const root = document.documentElement;
    return {
      mainWidth: main.getBoundingClientRect().width,
      documentOverflow: root.scrollWidth - root.clientWidth,
      mainOverflow: main.scrollWidth - main.clientWidth,
    };
  });

/**
 * A screenshot of the whole page: the page scrolls inside `main`, not the document, so the
 * window is made as tall as the page for the picture (at most 5000 px), then put back.
 */
async function keepPageScreenshot(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return main.scrollHeight + main.getBoundingClientRect().top;
  });
  await page.setViewportSize({
    ...viewport,
    height: Math.min(Math.max(height, viewport.height), 5000),
  });
  // Two frames, so the part of the page the taller window uncovers is painted.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
  });
  await keepScreenshot(page, name);
  await page.setViewportSize(viewport);
}

describe('every page for every role that may open it, on a phone and a tablet', () => {
  it.each(ROLES)(
    '%s: the page has at least 90% of the width and nothing runs off the side',
    async (role) => {
      const { context, page } = await signedIn(role);
      const problems: string[] = [];
      const paths = (Object.keys(PAGE_ACCESS) as PagePath[]).filter((path) =>
        PAGE_ACCESS[path].roles.includes(role),
      );
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const path of paths) {
          await page.goto(`${stack.url}${address(path)}`, { waitUntil: 'networkidle' });
          await page.locator('main').waitFor();
          const layout = await measure(page);
          const where = `${viewport.name} ${address(path)}`;
          if (layout.mainWidth < viewport.width * 0.9) {
            problems.push(`${where}: main is ${layout.mainWidth} px of ${viewport.width}`);
          }
          if (layout.documentOverflow > 0) {
            problems.push(`${where}: the document is ${layout.documentOverflow} px too wide`);
          }
          if (layout.mainOverflow > 0) {
            problems.push(`${where}: the page is ${layout.mainOverflow} px too wide`);
          }
          await keepPageScreenshot(
            page,
            `responsive-${viewport.name}-${role}-${path.replaceAll('/', '_').replaceAll('$', '')}`,
          );
        }
      }
      await context.close();
      expect(problems.join('\n')).toBe('');
    },
    // Every page twice, with a full-page screenshot each; the super administrator's pages on the
    // shared stack list every file's records: up to minutes on a busy 2-core machine.
    600_000,
  );
});

describe('the shell below 1024 px', () => {
  it('keeps the sidebar in a drawer: closed, opened by the menu button, closed by Escape and by going to a page', async () => {
    const { context, page } = await signedIn('training_supervisor');
    const toggle = page.getByTestId('sidebar-toggle');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const box = (await toggle.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

    await toggle.click();
    await sidebar.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe(await sidebar.getAttribute('id'));
    await keepScreenshot(page, 'responsive-phone-drawer-open');
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'detached' });
    // Focus goes back to the menu button.
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await toggle.click();
    await sidebar.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL('**/training');
    await sidebar.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // At 1280 px the sidebar sits beside the page, as before.
    await page.setViewportSize({ width: 1280, height: 900 });
    await sidebar.waitFor();
    expect((await measure(page)).mainWidth).toBe(1280 - 256);
    await context.close();
  }, 60_000);

  it('the live observation session fits one hand on a phone: large answers, the timer and the advance button on screen', async () => {
    const { context, page } = await signedIn('training_supervisor');
    await page.goto(`${stack.url}/observation/${liveObservation}`, { waitUntil: 'networkidle' });
    const options = page.getByTestId('session-option');
    await options.first().waitFor();
    for (const option of await options.all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(56);
    }
    const onScreen = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844;
    };
    // Scrolled to the findings form at the bottom, the timer and the advance button still show.
    await page.getByTestId('findings-panel').scrollIntoViewIfNeeded();
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    expect(await onScreen('advance-question')).toBe(true);
    expect(await onScreen('question-timer')).toBe(true);
    // The bar sits on the bottom edge, no strip of page showing below it.
    const bar = (await page.getByTestId('question-actions').boundingBox())!;
    expect(bar.y + bar.height).toBeCloseTo(844, 0);
    expect(
      (await page.getByTestId('advance-question').boundingBox())!.height,
    ).toBeGreaterThanOrEqual(44);
    // Every button of the header and the session is a finger's tap target.
    for (const button of await page.locator('header button, main button').all()) {
      const box = await button.boundingBox();
      if (!box) continue;
      const name = (await button.getAttribute('data-testid')) ?? (await button.innerText());
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
    }
    await options.nth(1).click();
    await keepScreenshot(page, 'responsive-phone-observation-session');
    await page.getByTestId('advance-question').click();
    await expect.poll(() => page.getByTestId('question-position').innerText()).toContain('2');

    // A dialog takes the whole screen on a phone.
    await page.goto(`${stack.url}/library/observations`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'New Observation' }).click();
    const dialog = page.getByTestId('start-observation-dialog');
    await dialog.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=start-observation-dialog]')?.getAnimations().length ===
        0,
    );
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await keepScreenshot(page, 'responsive-phone-dialog');
    await context.close();
  }, 60_000);
});
