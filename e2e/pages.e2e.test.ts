import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, signIn } from './browser.js';
import {
  describeWalks,
  measure,
  PASSWORD,
  PEOPLE,
  setUpWalk,
  signedIn,
  VIEWPORTS,
  walkRecords,
} from './layout-walk.js';

/**
 * The training supervisor's walk of every page they may open (layout at three widths, axe;
 * `e2e/layout-walk.ts`, the other roles in `pages-*.e2e.test.ts`), and the shell's own checks on
 * a phone: the sidebar drawer, the live observation session, a dialog, and reduced motion.
 */
setUpWalk();
describeWalks('pages.e2e.test.ts');

/**
 * The training supervisor's phone, signed in once for the shell's two tests (the second goes on
 * from where the first left it, back at phone width): a browser context and a sign-in cost about
 * 1 CPU-s of Chromium (docs/testing.md). Closed with the file's browser.
 */
let supervisorsTab: Promise<Page> | undefined;
function supervisorsPhone(): Promise<Page> {
  supervisorsTab ??= signedIn('training_supervisor').then(({ page }) => page);
  return supervisorsTab;
}

/**
 * Follows the link to the observations list (its pass mark not loaded yet in this tab) and taps
 * `target` there as a person does at once, the pass mark's answer let through while the finger
 * is down.
 */
async function tapWhilePassMarkArrives(page: Page, target: Locator): Promise<void> {
  const settings = '**/api/observations/settings';
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(settings, async (route) => {
    await held;
    await route.continue();
  });
  await followLink(page, '/library/observations');
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  answer();
  await expect.poll(() => page.getByLabel('Pass mark (%)').inputValue()).not.toBe('');
  await page.mouse.up();
  await page.unroute(settings);
}

describe('the shell below 1024 px', () => {
  it('keeps the sidebar in a drawer: closed, opened by the menu button, closed by Escape and by going to a page', async () => {
    const page = await supervisorsPhone();
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
    // Focus goes back to the menu button (once the drawer's close has settled, which may be a
    // frame after it left the page).
    await expect
      .poll(() => toggle.evaluate((button) => button === document.activeElement))
      .toBe(true);

    await toggle.click();
    await sidebar.getByRole('link', { name: 'Training' }).click();
    await page.waitForURL('**/training');
    await sidebar.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // At 1280 px the sidebar sits beside the page, as before.
    await page.setViewportSize({ width: 1280, height: 900 });
    await sidebar.waitFor();
    expect((await measure(page)).mainWidth).toBe(1280 - 256);
  }, 60_000);

  it('the live observation session fits one hand on a phone: large answers, the timer and the advance button on screen', async () => {
    const { liveObservation } = walkRecords();
    const page = await supervisorsPhone();
    await page.setViewportSize(VIEWPORTS[0]);
    await followLink(page, `/observation/${liveObservation}`);
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

    // A dialog takes the whole screen on a phone. It opens from a tap the page's pass mark
    // arrives in the middle of (held until the finger is down): the first visit's pass mark
    // came a moment after the page and pushed New Observation down, away from the finger.
    await tapWhilePassMarkArrives(page, page.getByRole('button', { name: 'New Observation' }));
    const dialog = page.getByTestId('start-observation-dialog');
    await dialog.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=start-observation-dialog]')?.getAnimations().length ===
        0,
    );
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await keepScreenshot(page, 'responsive-phone-dialog');
  }, 60_000);
});

describe('motion', () => {
  it('stands spinners still for people who ask for reduced motion', async () => {
    const { stack, browser } = walkRecords();
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signIn(page, stack.url, PEOPLE.operator.email, PASSWORD);
    const spinner = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'animate-spin';
      document.body.append(probe);
      const { animationName, animationDuration, animationIterationCount } = getComputedStyle(probe);
      probe.remove();
      return {
        reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
        animationName,
        animationDuration,
        animationIterationCount,
      };
    });
    expect(spinner).toEqual({
      reduced: true,
      animationName: 'spin',
      animationDuration: '0.001s',
      animationIterationCount: '1',
    });
    await context.close();
  }, 60_000);
});
