import { ROLES, type Role } from '@hub/proto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE, PSEUDO_LOCALE_FLAG } from '../web/src/i18n/pseudo.js';
import { seenToasts } from './browser.js';
import { recordApiStrings, untranslatedTexts } from './i18n-check.js';
import {
  audit,
  BLOCKING,
  describeViolation,
  layoutProblems,
  measure,
  toastsAtRest,
  VIEWPORTS,
} from './layout-check.js';
import {
  keepWalkScreenshot,
  nextFrames,
  openPage,
  pageOutcome,
  pagesOf,
  settled,
  signedInTab,
} from './page-walk.js';
import {
  address,
  credentials,
  PUBLIC_PAGES,
  setUpWalkRecords,
  walkRecords,
  type WalkedPath,
} from './walk-records.js';

export { measure, VIEWPORTS } from './layout-check.js';
export { credentials, PASSWORD, PEOPLE, signedIn, walkRecords } from './walk-records.js';

/**
 * The layout and accessibility walk of `e2e/pages*.e2e.test.ts`, generated from the web app's
 * role table (PAGE_ACCESS), like the access test: every page each role may open, walked once per
 * role in one signed-in tab (e2e/page-walk.ts), and the public pages outside the shell that show
 * records (PUBLIC_PAGES of e2e/walk-records.ts: a certificate's verification), walked once, and
 * checked
 *
 * - on a phone (390 x 844), a tablet (768 x 1024) and a desktop (1280 x 900), issues #34 point 1
 *   and #51: the page has the width (the sidebar is a drawer below 1024 px), no element's box
 *   leaves the window unless it sits in a container meant to scroll sideways (a table's
 *   wrapper), on a desktop no table needs that, and a course's status stays on one line; with
 *   realistic long texts (long names and email addresses, a long course title, 200
 *   notifications each); a screenshot is kept of each one found at fault;
 * - at 1280 x 900 by axe-core (from node_modules, no network), issue #34 point 5: no serious or
 *   critical violation of WCAG 2.0/2.1 A and AA;
 * - at 390 x 844 in the pseudo-locale and in Spanish (issue #46), in place, before or after
 *   English (the walk goes down and up the widths by turns, `checkPage`);
 * - shown to the role, with no error toast: the access test (e2e/access.e2e.test.ts) checks the
 *   refusals, the walk the pages a role may open, on real records.
 *
 * Each file that walks calls `setUpWalk()` (its own organization, people and records on the shared
 * stack) and `describeWalks(file)`: the roles are shared out over three files (WALKS), so that
 * three e2e workers walk at once. In one file the walk was the e2e project's long pole: 425 of
 * its 478 s on a slower 2-core machine (1 Dec), the rest about the stack's start, so the project
 * ended with it. Three files make the records three times, the price of spreading the walk: 64
 * CPU-s for the three files against 57 for the one (each run alone, 2 Dec, a machine loaded by
 * others).
 */
/** Keep a screenshot of every page, role and width, not only of those the check finds fault with. */
const EVERY_SCREENSHOT = process.env.E2E_WALK_SCREENSHOTS === '1';

interface WalkFindings {
  /** Texts outside the catalog, each with its page and role (the pseudo-locale's check). */
  texts: string[];
  /** Overflows in the pseudo-locale and in Spanish. */
  languages: string[];
  layout: string[];
  accessibility: string[];
  /** A page the role may open that refused it or showed an error toast. */
  access: string[];
}

/**
 * The languages each page is seen in beside English (issue #46), in place (web/src/i18n/i18n.ts,
 * `hubShowLanguage`): the pseudo-locale, where a text outside the catalog's marks fails
 * (e2e/i18n-check.ts) as an overflow does, then Spanish, where the longest real translation must
 * fit; at 390 px only, the English checks do the rest. Opening each page once rather than once
 * per language (three tabs, three sign-ins) took two thirds of the walk's page opens away.
 */
const LANGUAGE_PASSES = [
  { name: 'pseudo-locale', language: PSEUDO_LOCALE, checkTexts: true },
  { name: 'Spanish', language: 'es', checkTexts: false },
] as const;
const ENGLISH = 'en';

const screenshotName = (prefix: string, role: Role, path: WalkedPath) =>
  `${prefix}-${role}-${path.replaceAll('/', '_').replaceAll('$', '')}`;

async function showLanguage(page: Page, language: string) {
  await page.evaluate(
    (shown) =>
      (
        window as unknown as { hubShowLanguage: (language: string) => Promise<void> }
      ).hubShowLanguage(shown),
    language,
  );
}

/** The page laid out, its requests settled and no toast moving, then measured at its width. */
async function layoutAt(page: Page, label: string, width: number): Promise<string[]> {
  await nextFrames(page);
  await settled(page);
  await toastsAtRest(page);
  return layoutProblems(label, await measure(page), width);
}

/** The page is shown to the role (a page it may open), with no error toast since it opened. */
async function accessProblem(page: Page, path: WalkedPath, toastsBefore: number) {
  const outcome = await pageOutcome(page, path);
  const errors = (await seenToasts(page))
    .slice(toastsBefore)
    .filter((toast) => toast.destructive)
    .map((toast) => toast.text);
  if (outcome === 'page' && errors.length === 0) return null;
  return `expected the page, got ${outcome}${errors.length ? ` and ${errors.join(' | ')}` : ''}`;
}

/** The page at 390 px in the pseudo-locale and in Spanish. */
async function checkLanguages(page: Page, role: Role, path: WalkedPath, findings: WalkFindings) {
  const where = address(path);
  for (const pass of LANGUAGE_PASSES) {
    if (pass !== LANGUAGE_PASSES[0]) await showLanguage(page, pass.language);
    const label = `${pass.name} ${role} ${VIEWPORTS[0].name} ${where}`;
    const problems = await layoutAt(page, label, VIEWPORTS[0].width);
    findings.languages.push(...problems);
    if (problems.length > 0) {
      await keepWalkScreenshot(
        page,
        screenshotName(`${pass.name}-${VIEWPORTS[0].name}`, role, path),
      );
    }
    if (!pass.checkTexts) continue;
    for (const text of await untranslatedTexts(page)) findings.texts.push(`${label}: "${text}"`);
  }
}

/** The page in English at each width in turn, a screenshot kept of a width found at fault. */
async function checkWidths(
  page: Page,
  role: Role,
  path: WalkedPath,
  findings: WalkFindings,
  widths: readonly (typeof VIEWPORTS)[number][],
) {
  const where = address(path);
  for (const viewport of widths) {
    if (viewport !== widths[0]) await page.setViewportSize(viewport);
    const problems = await layoutAt(page, `${viewport.name} ${where}`, viewport.width);
    findings.layout.push(...problems);
    if (problems.length > 0 || EVERY_SCREENSHOT) {
      await keepWalkScreenshot(page, screenshotName(`responsive-${viewport.name}`, role, path));
    }
    if (viewport === DESKTOP) await checkAccessibility(page, role, path, findings);
  }
}

/** axe-core on the page as it is now (at desktop width). */
async function checkAccessibility(
  page: Page,
  role: Role,
  path: WalkedPath,
  findings: WalkFindings,
) {
  for (const violation of (await audit(page)).violations) {
    if (BLOCKING.includes(violation.impact ?? '')) {
      findings.accessibility.push(describeViolation(`${role} ${address(path)}`, violation));
    }
  }
}

const PHONE = VIEWPORTS[0];
const DESKTOP = VIEWPORTS[2];

/**
 * One page of the walk, seen at 390 px in the pseudo-locale and in Spanish, and in English at
 * each width with axe run at 1280. The walk goes down and up the widths by turns, each page
 * opened at the width the one before it ended at: from the phone (the pseudo-locale, Spanish,
 * then English phone, tablet, desktop), then from the desktop (English desktop, tablet, phone,
 * then the languages in place), two resizes a page where going back to the phone each time took
 * three (a resize lays the whole page out and draws it again). A screenshot is kept of a width
 * whose check found something, or of every width when E2E_WALK_SCREENSHOTS=1: one per page, role
 * and width was a fifth of the walk (45 of 211 s on the 2-core machine, 342 PNGs) for files
 * nobody reads unless the check fails.
 */
async function checkPage(
  page: Page,
  role: Role,
  path: WalkedPath,
  findings: WalkFindings,
  fromPhone: boolean,
) {
  const where = address(path);
  await page.setViewportSize(fromPhone ? PHONE : DESKTOP);
  await showLanguage(page, fromPhone ? LANGUAGE_PASSES[0].language : ENGLISH);
  const toastsBefore = (await seenToasts(page)).length;
  await openPage(page, where);
  await page.locator('main').waitFor();
  const refused = await accessProblem(page, path, toastsBefore);
  if (refused) findings.access.push(`${role} ${where}: ${refused}`);
  if (fromPhone) {
    await checkLanguages(page, role, path, findings);
    await showLanguage(page, ENGLISH);
    await checkWidths(page, role, path, findings, VIEWPORTS);
  } else {
    await checkWidths(page, role, path, findings, [...VIEWPORTS].reverse());
    await showLanguage(page, LANGUAGE_PASSES[0].language);
    await checkLanguages(page, role, path, findings);
  }
}

/**
 * Who walks the public pages (PUBLIC_PAGES), once, after their shell pages: the public pages
 * read the same to everyone, and the training supervisor's file walks one role where the others
 * walk two.
 */
const PUBLIC_PAGES_WALKER: Role = 'training_supervisor';

/** Each role's pages, walked once for every check. */
const walks = new Map<Role, Promise<WalkFindings>>();

/** A walking file's records, and no walk of an earlier file of its worker (isolate: false). */
export function setUpWalk() {
  walks.clear();
  setUpWalkRecords();
}

function walk(role: Role): Promise<WalkFindings> {
  let findings = walks.get(role);
  if (!findings) {
    findings = (async () => {
      const { browser, stack } = walkRecords();
      // The app's CSP allows no inline script: the injected axe-core is let through here only.
      // The pseudo-locale's flag lets the walk switch languages in place (showLanguage).
      const { context, page } = await signedInTab(browser, stack.url, credentials(role), {
        bypassCSP: true,
        initScripts: [recordApiStrings],
        stored: PSEUDO_LOCALE_FLAG,
      });
      const result: WalkFindings = {
        texts: [],
        languages: [],
        layout: [],
        accessibility: [],
        access: [],
      };
      const shellPages = pagesOf(role);
      for (const [index, path] of shellPages.entries()) {
        await checkPage(page, role, path, result, index % 2 === 0);
      }
      if (role === PUBLIC_PAGES_WALKER) {
        for (const [index, path] of PUBLIC_PAGES.entries()) {
          await checkPage(page, role, path, result, (shellPages.length + index) % 2 === 0);
        }
      }
      await context.close();
      return result;
    })();
    walks.set(role, findings);
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

/** The walk of the file's roles: languages, the layout at three widths and axe, one test each. */
export function describeWalks(file: keyof typeof WALKS) {
  const roles: readonly Role[] = WALKS[file];
  describe('every page for every role that may open it', () => {
    it.each(roles)(
      '%s, in the pseudo-locale and in Spanish: every text comes from the catalog and fits',
      async (role) => {
        const findings = await walk(role);
        expect([...findings.texts, ...findings.languages].join('\n')).toBe('');
      },
      300_000,
    );

    it.each(roles)(
      '%s, on a phone, a tablet and a desktop: the page has the width and nothing runs off the side',
      async (role) => {
        const findings = await walk(role);
        expect([...findings.access, ...findings.layout].join('\n')).toBe('');
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
