import { createRequire } from 'node:module';
import { ROLES, type Role } from '@hub/proto';
import type { AxeResults, Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagePath } from '../web/src/access/pageAccess.js';
import { PSEUDO_LOCALE_FLAG } from '../web/src/i18n/pseudo.js';
import { signIn } from './browser.js';
import { recordApiStrings, untranslatedTexts } from './i18n-check.js';
import {
  keepWalkScreenshot,
  nextFrames,
  openPage,
  pagesOf,
  settled,
  signedInTab,
  trackRequests,
} from './page-walk.js';
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
 * The layout and accessibility walk of `e2e/pages*.e2e.test.ts`, generated from the web app's
 * role table (PAGE_ACCESS), like the access test: every page each role may open, walked once per
 * role in one signed-in tab (e2e/page-walk.ts), and checked
 *
 * - on a phone (390 x 844), a tablet (768 x 1024) and a desktop (1280 x 900), issues #34 point 1
 *   and #51: the page has the width (the sidebar is a drawer below 1024 px), no element's box
 *   leaves the window unless it sits in a container meant to scroll sideways (a table's
 *   wrapper), on a desktop no table needs that, and a course's status stays on one line; with
 *   realistic long texts (long names and email addresses, a long course title, 200
 *   notifications each); a screenshot is kept of each one found at fault;
 * - at 1280 x 900 by axe-core (from node_modules, no network), issue #34 point 5: no serious or
 *   critical violation of WCAG 2.0/2.1 A and AA.
 *
 * Each file that walks calls `setUpWalk()` (its own organization, people and records on the shared
 * stack) and `describeWalks(file)`: the roles are shared out over three files (WALKS), so that
 * three e2e workers walk at once. In one file the walk was the e2e project's long pole: 425 of
 * its 478 s on a slower 2-core machine (1 Dec), the rest about the stack's start, so the project
 * ended with it. Three files make the records three times, the price of spreading the walk: 64
 * CPU-s for the three files against 57 for the one (each run alone, 2 Dec, a machine loaded by
 * others).
 */
const ID = uniqueId();
const DOMAIN = `pocket-works-${ID}.test`;
export const PASSWORD = 'Pocket-Works-1!';
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
/** Keep a screenshot of every page, role and width, not only of those the check finds fault with. */
const EVERY_SCREENSHOT = process.env.E2E_WALK_SCREENSHOTS === '1';
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = ['serious', 'critical'];

/**
 * One member per role (the super administrator is built in), with the long names and email
 * addresses real people have: layouts must wrap or truncate them, never run off the side.
 */
export const PEOPLE = Object.fromEntries(
  ROLES.filter((role) => role !== 'super_admin').map((role) => [
    role,
    {
      name: `Maximiliana ${role.replace('_', ' ')} Featherstonehaugh-Wolfeschlegelstein`,
      email: `${role.replace('_', '-')}.featherstonehaugh-wolfeschlegelstein@${DOMAIN}`,
      role,
    },
  ]),
) as Record<Exclude<Role, 'super_admin'>, Person>;
const NOTIFICATIONS_EACH = 200;

let stack: RunningStack;
let browser: Browser;
let organizationId: number;
let ids: Record<Exclude<Role, 'super_admin'>, number>;
let sop: PublishedSop;
/** An observation under way: the live session, with its answer buttons and findings form. */
let liveObservation: number;

/** The file's organization, people and records, made before its tests and the browser closed after. */
export function setUpWalk() {
  beforeAll(async () => {
    ({ stack, browser, ids, organizationId } = await startRecordsStack(
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
    // A course of the SOP that everyone follows, so each one's /my-sops page shows it.
    const course = await supervisor.call('POST', '/api/training/courses', {
      title: 'Cooling cooked food safely and keeping it below five degrees in the walk-in',
      category: 'Safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [sop.documentId],
    });
    for (const person of Object.values(PEOPLE)) {
      const member = await new Api(stack).login(person.email, PASSWORD);
      await member.call('POST', `/api/training/courses/${course.id}/enroll`);
    }
    await notifyEveryone();
  }, 400_000);
  afterAll(() => stopRecordsStack({ stack, browser }));
}

/** 200 notifications for each member, naming people by their long email addresses. */
async function notifyEveryone() {
  const sql = new pg.Client({
    connectionString: stack.resources.databaseUrl,
    options: '-c search_path=identity',
  });
  await sql.connect();
  try {
    const people = Object.values(ids);
    const other = PEOPLE.operator.email;
    await sql.query(
      `INSERT INTO notifications (user_id, organization_id, type, title, message, created_at)
       SELECT person, $2, 'info', 'Invitation accepted',
              $3 || ' accepted the invitation and joined ' || n || ' minutes ago as operator',
              now() - n * interval '1 minute'
         FROM unnest($1::int[]) AS person, generate_series(1, $4::int) AS n`,
      [people, organizationId, other, NOTIFICATIONS_EACH],
    );
  } finally {
    await sql.end();
  }
}

/** A concrete address for each page: the records made above where the path needs an id. */
function address(path: PagePath): string {
  const id = path.startsWith('observation/')
    ? liveObservation
    : path.startsWith('team/')
      ? ids.operator
      : sop.documentId;
  return `/${path.replace('$id', String(id))}`;
}

export const credentials = (role: Role) =>
  role === 'super_admin' ? E2E_SUPER_ADMIN : { email: PEOPLE[role].email, password: PASSWORD };

interface Layout {
  mainWidth: number;
  documentOverflow: number;
  mainOverflow: number;
  /** Elements whose box leaves the window outside any container meant to scroll sideways. */
  outside: string[];
  /** Containers meant to scroll sideways that do (a table too wide for its card). */
  scrolledSideways: string[];
  /** Course statuses on more than one line. */
  wrappedStatuses: string[];
}

/**
 * How wide the page's content is, by how much the document or the page run off the side, and
 * which elements leave the window: an element is seen wherever it is, inside the scrolling
 * `main` too (a card running past the right edge there made no document overflow). A box inside
 * a container that scrolls sideways on purpose (overflow-x auto or scroll: a table's wrapper) is
 * that container's business; text cut by an ellipsis or a line clamp is meant to be.
 */
export const measure = (page: Page) =>
  page.evaluate((): Layout => {
    const main = document.querySelector('main')!;
    const root = document.documentElement;
    const width = root.clientWidth;
    const scrollsSideways = (element: Element) => {
      const overflow = getComputedStyle(element).overflowX;
      return (overflow === 'auto' || overflow === 'scroll') && element !== main;
    };
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== main; up = up.parentElement) {
        if (scrollsSideways(up)) return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id ? ` data-testid=${id}` : ''}> "${text}"`;
    };
    const outside: string[] = [];
    const scrolledSideways: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Recharts measures label widths in a span of its own, kept 20,000 px above the page.
      if (element.id === 'recharts_measurement_span') continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      if (scrollsSideways(element) && element.scrollWidth > element.clientWidth + 1) {
        scrolledSideways.push(
          `${name(element)} scrolls ${element.scrollWidth - element.clientWidth} px sideways`,
        );
      }
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      if (inScroller(element)) continue;
      // Clipped on purpose: an ellipsis or a line clamp, or an element hidden for screen readers.
      const clipper = element.closest('.truncate, [class*=line-clamp], .sr-only');
      if (clipper && clipper !== element) continue;
      if (element.matches('.sr-only')) continue;
      outside.push(`${name(element)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} px`);
    }
    const wrappedStatuses = Array.from(document.querySelectorAll('[data-testid=course-status]'))
      .filter((badge) => {
        const style = getComputedStyle(badge);
        const inner =
          badge.getBoundingClientRect().height -
          parseFloat(style.paddingTop) -
          parseFloat(style.paddingBottom);
        return inner > parseFloat(style.lineHeight) * 1.5;
      })
      .map((badge) => `${name(badge)} wraps`);
    return {
      mainWidth: main.getBoundingClientRect().width,
      documentOverflow: root.scrollWidth - root.clientWidth,
      mainOverflow: main.scrollWidth - main.clientWidth,
      outside,
      scrolledSideways,
      wrappedStatuses,
    };
  });

function layoutProblems(where: string, layout: Layout, width: number): string[] {
  const problems: string[] = [];
  if (layout.mainWidth < width * 0.9 && width < 1024) {
    problems.push(`${where}: main is ${layout.mainWidth} px of ${width}`);
  }
  if (layout.documentOverflow > 0) {
    problems.push(`${where}: the document is ${layout.documentOverflow} px too wide`);
  }
  if (layout.mainOverflow > 0) {
    problems.push(`${where}: the page is ${layout.mainOverflow} px too wide`);
  }
  // The first few of each: one cause (a card too wide) moves every element inside it.
  problems.push(...layout.outside.slice(0, 5).map((element) => `${where}: ${element}`));
  if (width >= 1024) {
    problems.push(...layout.scrolledSideways.map((element) => `${where}: ${element}`));
  }
  problems.push(...layout.wrappedStatuses.map((element) => `${where}: ${element}`));
  return problems;
}

/**
 * Waits until no toast is sliding or fading: axe measures a fading toast's text at part of its
 * opacity ("Login Successful" read as too faint when the walk reached a page in the toast's last
 * 100 ms), and the layout check saw the sign-in toast mid-slide, still partly right of a phone's
 * edge (44..402 px of 390) on a slower machine.
 */
const toastsAtRest = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          !(animation.effect as KeyframeEffect | null)?.target?.closest('.toast-root'),
      ),
  );

/** Runs axe-core in the page (injected from node_modules once per tab), toasts at rest. */
async function audit(page: Page): Promise<AxeResults> {
  await toastsAtRest(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
}

/** One violation, readable in the test's output: rule, impact, help link and each element. */
function describeViolation(where: string, violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`,
    )
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : '';
  return `${where}: [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

interface WalkFindings {
  layout: string[];
  accessibility: string[];
}

/**
 * One page of the walk: opened at phone width, its layout checked at each width in turn, then
 * axe at 1280 (the last width, so no resize before it). A screenshot is kept of a width whose
 * check found something, or of every width when E2E_WALK_SCREENSHOTS=1: one per page, role and
 * width was a fifth of the walk (45 of 211 s on the 2-core machine, 342 PNGs) for files nobody
 * reads unless the check fails.
 */
async function checkPage(page: Page, role: Role, path: PagePath, findings: WalkFindings) {
  const where = address(path);
  await page.setViewportSize(VIEWPORTS[0]);
  await openPage(page, where);
  await page.locator('main').waitFor();
  for (const viewport of VIEWPORTS) {
    if (viewport !== VIEWPORTS[0]) await page.setViewportSize(viewport);
    await nextFrames(page);
    await settled(page);
    await toastsAtRest(page);
    const problems = layoutProblems(
      `${viewport.name} ${where}`,
      await measure(page),
      viewport.width,
    );
    findings.layout.push(...problems);
    if (problems.length > 0 || EVERY_SCREENSHOT) {
      await keepWalkScreenshot(
        page,
        `responsive-${viewport.name}-${role}-${path.replaceAll('/', '_').replaceAll('$', '')}`,
      );
    }
  }
  for (const violation of (await audit(page)).violations) {
    if (BLOCKING.includes(violation.impact ?? '')) {
      findings.accessibility.push(describeViolation(`${role} ${where}`, violation));
    }
  }
}

/** Each role's pages, walked once for both checks. */
const walks = new Map<Role, Promise<WalkFindings>>();

function walk(role: Role): Promise<WalkFindings> {
  let findings = walks.get(role);
  if (!findings) {
    findings = (async () => {
      // The app's CSP allows no inline script: the injected axe-core is let through here only.
      const { context, page } = await signedInTab(browser, stack.url, credentials(role), {
        bypassCSP: true,
      });
      const result: WalkFindings = { layout: [], accessibility: [] };
      for (const path of pagesOf(role)) await checkPage(page, role, path, result);
      await context.close();
      return result;
    })();
    walks.set(role, findings);
  }
  return findings;
}

/**
 * The walks in other languages (issue #46): every page again, in one tab of the role signed in
 * above (its cookies and storage reused), in the pseudo-locale at 390 and 1280 px, where a text
 * outside the catalog's marks fails (e2e/i18n-check.ts) as an overflow does, then in Spanish at
 * 390 px, where the longest real translation must fit. No axe and one or two widths: the
 * English walk has checked the rest.
 */
const LANGUAGE_WALKS = [
  { name: 'pseudo-locale', locale: 'en-US', pseudo: true, viewports: [VIEWPORTS[0]] },
  { name: 'Spanish', locale: 'es-ES', pseudo: false, viewports: [VIEWPORTS[0]] },
] as const;
type LanguageWalk = (typeof LANGUAGE_WALKS)[number];

interface LanguageFindings {
  layout: string[];
  /** Texts outside the catalog, each with its page and role. */
  texts: string[];
}

async function walkLanguage(
  role: Role,
  language: LanguageWalk,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  findings: LanguageFindings,
) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[0],
    locale: language.locale,
    storageState,
  });
  await context.addInitScript(trackRequests);
  if (language.pseudo) {
    await context.addInitScript(
      ({ key, value }) => localStorage.setItem(key, value),
      PSEUDO_LOCALE_FLAG,
    );
    await context.addInitScript(recordApiStrings);
  }
  const page = await context.newPage();
  await page.goto(`${stack.url}/dashboard`);
  await settled(page);
  for (const path of pagesOf(role)) {
    const where = address(path);
    await page.setViewportSize(language.viewports[0]);
    await openPage(page, where);
    await page.locator('main').waitFor();
    for (const viewport of language.viewports) {
      if (viewport !== language.viewports[0]) await page.setViewportSize(viewport);
      await nextFrames(page);
      await settled(page);
      await toastsAtRest(page);
      const label = `${language.name} ${role} ${viewport.name} ${where}`;
      const problems = layoutProblems(label, await measure(page), viewport.width);
      findings.layout.push(...problems);
      if (problems.length > 0) {
        await keepWalkScreenshot(
          page,
          `${language.name}-${viewport.name}-${role}-${path.replaceAll('/', '_').replaceAll('$', '')}`,
        );
      }
      if (!language.pseudo) continue;
      for (const text of await untranslatedTexts(page)) findings.texts.push(`${label}: "${text}"`);
    }
  }
  await context.close();
}

const languageWalks = new Map<Role, Promise<LanguageFindings>>();

/** Each role's pages in the pseudo-locale, then in Spanish: signed in once for both. */
function walkLanguages(role: Role): Promise<LanguageFindings> {
  let findings = languageWalks.get(role);
  if (!findings) {
    findings = (async () => {
      const signed = await signedInTab(browser, stack.url, credentials(role));
      const storageState = await signed.context.storageState();
      await signed.context.close();
      const result: LanguageFindings = { layout: [], texts: [] };
      for (const language of LANGUAGE_WALKS) {
        await walkLanguage(role, language, storageState, result);
      }
      return result;
    })();
    languageWalks.set(role, findings);
  }
  return findings;
}

/**
 * Which roles each file walks, every role once (checked below), in shares of about equal time
 * (2 Dec, the loaded 2-core machine, two runs, seconds a role: super administrator 36-59,
 * administrator 45-58, training supervisor 45, manager 34-42, operator 14-19; the shell and
 * motion tests of `pages.e2e.test.ts` 18).
 */
export const WALKS = {
  'pages.e2e.test.ts': ['training_supervisor'],
  'pages-admin-manager.e2e.test.ts': ['admin', 'manager'],
  'pages-super-admin-operator.e2e.test.ts': ['super_admin', 'operator'],
} as const satisfies Record<string, readonly Role[]>;

const walked = Object.values(WALKS).flat();
const unwalked = ROLES.filter((role) => walked.filter((one) => one === role).length !== 1);
if (unwalked.length > 0) {
  throw new Error(`e2e/layout-walk.ts: WALKS must walk each role once: ${unwalked.join(', ')}`);
}

/** The file's stack, browser and live observation, once setUpWalk's beforeAll has run. */
export const walkRecords = () => ({ stack, browser, liveObservation });

/** The walk of the file's roles: the layout at three widths, then axe, one test each. */
export function describeWalks(file: keyof typeof WALKS) {
  const roles: readonly Role[] = WALKS[file];
  describe('every page for every role that may open it', () => {
    it.each(roles)(
      '%s, in the pseudo-locale and in Spanish: every text comes from the catalog and fits',
      async (role) => {
        const findings = await walkLanguages(role);
        expect([...findings.texts, ...findings.layout].join('\n')).toBe('');
      },
      300_000,
    );

    it.each(roles)(
      '%s, on a phone, a tablet and a desktop: the page has the width and nothing runs off the side',
      async (role) => {
        expect((await walk(role)).layout.join('\n')).toBe('');
      },
      300_000,
    );

    it.each(roles)(
      '%s, checked by axe-core (WCAG 2.1 AA): no serious or critical violation',
      async (role) => {
        const problems = (await walk(role)).accessibility;
        if (problems.length > 0) console.error(problems.join('\n\n'));
        expect(problems.join('\n\n')).toBe('');
      },
      300_000,
    );
  });
}

/** A person of the role signed in, in a phone-sized tab of their own. */
export async function signedIn(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await signIn(page, stack.url, credentials(role).email, credentials(role).password);
  return { context, page };
}
