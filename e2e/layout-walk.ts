import { ROLES, type Role } from '@hub/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PagePath } from '../web/src/access/pageAccess.js';
import { PSEUDO_LOCALE_FLAG } from '../web/src/i18n/pseudo.js';
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
  pagesOf,
  settled,
  signedInTab,
  trackRequests,
} from './page-walk.js';
import { address, credentials, walkRecords } from './walk-records.js';

export { measure, VIEWPORTS } from './layout-check.js';
export { credentials, PASSWORD, PEOPLE, setUpWalk, signedIn, walkRecords } from './walk-records.js';

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
/** Keep a screenshot of every page, role and width, not only of those the check finds fault with. */
const EVERY_SCREENSHOT = process.env.E2E_WALK_SCREENSHOTS === '1';

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
      const { browser, stack } = walkRecords();
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
  const { browser, stack } = walkRecords();
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
      const { browser, stack } = walkRecords();
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
