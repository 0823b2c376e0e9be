import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The checks of the layout walk (e2e/layout-walk.ts) on one open page: its layout measured at
 * the window's width, axe-core run in it, and each finding put in words.
 */
export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const BLOCKING = ['serious', 'critical'];

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

export function layoutProblems(where: string, layout: Layout, width: number): string[] {
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
export const toastsAtRest = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          !(animation.effect as KeyframeEffect | null)?.target?.closest('.toast-root'),
      ),
  );

/**
 * Runs axe-core in the page (injected from node_modules once per tab), toasts at rest and held
 * open: a toast whose time ran out during the audit was read mid-fade (49 % opacity, CI, 2 Dec).
 * A window blur pauses Radix's toast timers as it does for a person who switched windows; a
 * toast already closing is left out.
 */
export async function audit(page: Page): Promise<AxeResults> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await toastsAtRest(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(
        { exclude: ['.toast-root[data-state="closed"]'] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    AXE_TAGS,
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return results;
}

/** One violation, readable in the test's output: rule, impact, help link and each element. */
export function describeViolation(where: string, violation: Result): string {
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
