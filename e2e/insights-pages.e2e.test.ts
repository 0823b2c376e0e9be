import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, signIn, signInAt } from './browser.js';
import { openPage, settled, signedInTab, trackRequests } from './page-walk.js';
import {
  Api,
  createOrganization,
  createPeople,
  observe,
  publishedSop,
  type PublishedSop,
  startRecordsStack,
  stopRecordsStack,
} from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `quay-foods-${ID}.test`;
const PASSWORD = 'Quay-Foods-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
  mia: { name: 'Mia Manager', email: `mia@${DOMAIN}`, role: 'manager' },
};

let stack: RunningStack;
let browser: Browser;
let ids: Record<keyof typeof PEOPLE, number>;
let sop: PublishedSop;
let olgaObservation: number;

/** Waits for a card's Recharts chart to draw its marks (bars or lines). */
async function chartDrawn(page: Page, testId: string, marks: string) {
  const chart = page.getByTestId(testId).getByRole('application');
  await chart.waitFor();
  await chart.locator(marks).first().waitFor();
}

/**
 * The SOP's title as a file's name often is, one word: Recharts draws a category axis's label
 * unwrapped, leftwards from the axis, and a title like it ran past its card.
 */
const SOP_TITLE = 'Cooling_HACCP-CCP-07_cooked-food-before-refrigeration_rev3';

/** The texts of a chart card's axis labels that are drawn outside the card. */
function labelsOutsideCard(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((card) => {
    const box = card.getBoundingClientRect();
    return Array.from(card.querySelectorAll('.recharts-cartesian-axis-tick-value'))
      .filter((label) => {
        const drawn = label.getBoundingClientRect();
        return drawn.left < box.left - 1 || drawn.right > box.right + 1;
      })
      .map((label) => label.textContent ?? '');
  });
}

/** Console errors, e.g. a style the CSP refused to a chart. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(`quay-foods-${ID}`, DOMAIN, PEOPLE, PASSWORD));
  const otherId = await createOrganization(stack, `other-foods-${ID}`, `other-foods-${ID}.test`);
  await createPeople(
    stack,
    otherId,
    { sam: { name: 'Sam Stranger', email: `sam@other-foods-${ID}.test`, role: 'admin' } },
    PASSWORD,
  );

  // Tess observes Otto (all right: passes, certified) and Olga (all wrong: fails).
  const tess = await new Api(stack).login(PEOPLE.tess.email, PASSWORD);
  sop = await publishedSop(stack, tess, SOP_TITLE, 'Safety');
  expect(await observe(tess, sop, ids.otto, () => true)).toMatchObject({ passed: true });
  const olga = await observe(tess, sop, ids.olga, () => false);
  expect(olga).toMatchObject({ passed: false });
  olgaObservation = olga.id;
  const course = await tess.call('POST', '/api/training/courses', {
    title: 'Cold chain basics',
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds: [sop.documentId],
  });
  for (const key of ['otto', 'olga'] as const) {
    const person = await new Api(stack).login(PEOPLE[key].email, PASSWORD);
    await person.call('POST', `/api/training/courses/${course.id}/enroll`);
  }
});

afterAll(() => stopRecordsStack({ stack, browser }));

/**
 * Mia's one signed-in tab, shared by her four tests: each goes on from where the last left it, as
 * she would, instead of a browser context and a sign-in of its own (about 1 CPU-s of Chromium
 * each, docs/testing.md). Console errors are kept from her sign-in on; the records do not change
 * while her tests run.
 */
let miasTab: Promise<{ page: Page; errors: string[] }> | undefined;
function managerTab() {
  miasTab ??= (async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    await context.addInitScript(trackRequests);
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signInAt(page, stack.url, PEOPLE.mia.email, PASSWORD, '/dashboard');
    await settled(page);
    return { page, errors };
  })();
  return miasTab;
}

describe('Insights chart pages from real records', () => {
  it('/insights/observations: charts, breakdowns and the observations behind a figure', async () => {
    const { page, errors } = await managerTab();
    await followLink(page, '/insights/observations');
    await page.getByRole('heading', { name: 'Observations Insights' }).waitFor();
    await chartDrawn(page, 'observations-trend', '.recharts-line-curve');
    await chartDrawn(page, 'observations-by-sop-chart', '.recharts-bar-rectangle');
    expect(await labelsOutsideCard(page, 'observations-by-sop-chart')).toEqual([]);
    const sopRow = page.getByTestId('observations-by-sop').locator('tr', { hasText: 'Cooling' });
    // One pass, one fail.
    expect(await sopRow.innerText()).toMatch(/2\s+50%/);
    expect(await page.getByTestId('observations-by-observer').innerText()).toContain(
      'Tess Trainer',
    );
    const rows = page.getByTestId('observation-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByText('Sam Stranger').count()).toBe(0);

    // A most-missed question lists only the observation that missed it: Olga's.
    await page.getByTestId('observations-most-missed').getByRole('link').first().click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Olga Operator');
    expect(page.url()).toContain(`documentId=${sop.documentId}`);
    await keepScreenshot(page, 'insights-observations');
    await rows.first().getByRole('link').click();
    await page.waitForURL(`**/observation/${olgaObservation}`);
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  it('/insights/certifications: issued by month and the certifications of a state', async () => {
    const { page } = await managerTab();
    await followLink(page, '/insights/certifications');
    await page.getByRole('heading', { name: 'Certifications Insights' }).waitFor();
    await chartDrawn(page, 'certifications-by-month', '.recharts-bar-rectangle');
    const active = page.getByTestId('cert-state-active');
    // Otto's: the SOP he passed and the course that pass completed.
    await expect.poll(() => active.innerText()).toMatch(/Active\s+2$/);
    await active.click();
    await page.waitForURL('**/insights/certifications?state=active');
    const list = page.getByTestId('certifications-rows');
    const listed = list.getByTestId(/^certification-\d+$/);
    // The rows of the list before the filter may still be shown while the filtered ones load:
    // the whole state is polled for, not its first sign.
    await expect
      .poll(async () => {
        const text = await list.innerText();
        return [
          await listed.count(),
          text.includes('Otto Operator'),
          text.includes('Olga Operator'),
        ];
      })
      .toEqual([2, true, false]);
    await page.getByTestId('cert-state-expired').click();
    await list.getByText('No certifications').waitFor();
    await keepScreenshot(page, 'insights-certifications');
  });

  it('/insights/progress: by course and by person, furthest behind first', async () => {
    const { page } = await managerTab();
    await followLink(page, '/insights/progress');
    await page.getByRole('heading', { name: 'Progress', exact: true }).waitFor();
    await chartDrawn(page, 'progress-by-course-chart', '.recharts-bar-rectangle');
    const course = page.getByTestId('progress-course');
    await expect.poll(() => course.count()).toBe(1);
    // Otto passed the course's one SOP (100%), Olga has not (0%).
    expect(await course.first().innerText()).toMatch(/Cold chain basics[\s\S]*1 of 2[\s\S]*50%/);
    const people = page.getByTestId('progress-person');
    expect(await people.count()).toBe(2);
    expect(await people.first().innerText()).toContain('Olga Operator');
    expect(await people.nth(1).innerText()).toContain('100%');
    await keepScreenshot(page, 'insights-progress');
    await people.first().getByRole('link', { name: 'Olga Operator' }).click();
    await page.waitForURL(`**/team/${ids.olga}`);
  });

  // Issue #35: no dead link on the Insights pages, for an organization's staff (own records,
  // every link opens) or the super administrator (platform-wide: no links to one
  // organization's records, since those pages show his own organization only).
  const INSIGHTS_PAGES = [
    ['/insights', 'insights-page', 'insights-activity-line'],
    ['/insights/observations', 'observations-insights-page', 'observation-row'],
    ['/insights/certifications', 'certifications-insights-page', null],
    ['/insights/progress', 'progress-insights-page', 'progress-person'],
  ] as const;
  const DEAD = /not found|Page Not Found|Access Restricted/i;

  // In one tab, as a person clicks through them (e2e/page-walk.ts): a reload and `networkidle`
  // per link made this file the e2e run's longest after the walks (330 s and 85 CPU-s of
  // Chromium alone, 34 full loads of the app, 2 Dec, a loaded 2-core machine).
  async function linksOf(page: Page, path: string, container: string, rowTestId: string | null) {
    await openPage(page, path);
    await page.getByTestId(container).waitFor();
    if (rowTestId) await page.getByTestId(rowTestId).first().waitFor();
    await settled(page);
    return page
      .getByTestId(container)
      .locator('a[href]:not([download])')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
  }

  async function expectLive(page: Page, href: string) {
    await openPage(page, href);
    await page.locator('main').first().waitFor();
    expect(await page.locator('body').innerText(), href).not.toMatch(DEAD);
  }

  it('every link of the Insights pages opens a live page, for a manager', async () => {
    const { page } = await managerTab();
    const seen = new Set<string>();
    for (const [path, container, rows] of INSIGHTS_PAGES) {
      for (const href of await linksOf(page, path, container, rows)) seen.add(href);
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([`/observation/${olgaObservation}`, `/team/${ids.olga}`, '/training']),
    );
    for (const href of seen) await expectLive(page, href);
  }, 300_000);

  it('the super administrator sees platform-wide figures without dead links', async () => {
    const { context, page } = await signedInTab(browser, stack.url, E2E_SUPER_ADMIN);
    const seen = new Set<string>();
    for (const [path, container, rows] of INSIGHTS_PAGES) {
      for (const href of await linksOf(page, path, container, rows)) seen.add(href);
      if (rows) {
        // The organization's records are there, as text.
        expect(await page.getByTestId(rows).count()).toBeGreaterThan(0);
        expect(await page.getByTestId(rows).locator('a[href]').count()).toBe(0);
      }
    }
    await openPage(page, '/insights');
    await page.getByTestId('platform-wide-note').waitFor();
    expect(await page.getByRole('link', { name: 'All observations' }).count()).toBe(0);
    for (const href of seen) {
      expect(href).toMatch(/^\/insights/);
      await expectLive(page, href);
    }
    await context.close();
  }, 300_000);

  it('keeps operators out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, stack.url, PEOPLE.otto.email, PASSWORD);
    for (const path of ['observations', 'certifications', 'progress']) {
      await followLink(page, `/insights/${path}`);
      await page.getByText('Access Restricted').first().waitFor();
    }
    await page.close();
  });
});
