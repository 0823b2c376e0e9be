import { createRequire } from 'node:module';
import { ROLES, type Role } from '@hub/proto';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ACCESS, type PagePath } from '../web/src/access/pageAccess.js';
import { signIn } from './browser.js';
import {
  Api,
  observe,
  type Person,
  publishedSop,
  type PublishedSop,
  startRecordsStack,
  stopRecordsStack,
} from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack } from './stack.js';

/**
 * Issue #34, point 5. Generated from the web app's role table (PAGE_ACCESS), like the access and
 * responsive tests: axe-core (from node_modules, no network) checks every page each role may open
 * against WCAG 2.0/2.1 A and AA, and no serious or critical violation may be left.
 */
const DOMAIN = 'clear-view.test';
const PASSWORD = 'Clear-View-Pass-1!';
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = ['serious', 'critical'];

const PEOPLE = Object.fromEntries(
  ROLES.filter((role) => role !== 'super_admin').map((role) => [
    role,
    { name: `Alex ${role.replace('_', ' ')}`, email: `${role.replace('_', '-')}@${DOMAIN}`, role },
  ]),
) as Record<Exclude<Role, 'super_admin'>, Person>;

let stack: RunningStack;
let browser: Awaited<ReturnType<typeof startRecordsStack>>['browser'];
let ids: Record<Exclude<Role, 'super_admin'>, number>;
let sop: PublishedSop;
let liveObservation: number;

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack('clear-view', DOMAIN, PEOPLE, PASSWORD));
  const supervisor = await new Api(stack).login(PEOPLE.training_supervisor.email, PASSWORD);
  sop = await publishedSop(stack, supervisor, 'Cooling Cooked Food', 'Safety');
  await observe(supervisor, sop, ids.operator, (index) => index % 2 === 0);
  const created = await supervisor.call('POST', '/api/observations/create', {
    sopDocumentId: sop.documentId,
    evaluationId: sop.evaluation.id,
    operatorId: ids.operator,
  });
  liveObservation = created.id as number;
  // A course of the SOP that everyone follows, so each one's /my-sops page shows it.
  const course = await supervisor.call('POST', '/api/training/courses', {
    title: 'Cooling basics',
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds: [sop.documentId],
  });
  for (const person of Object.values(PEOPLE)) {
    const member = await new Api(stack).login(person.email, PASSWORD);
    await member.call('POST', `/api/training/courses/${course.id}/enroll`);
  }
}, 400_000);

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

/** Runs axe-core in the page, injected from node_modules. */
async function audit(page: Page): Promise<AxeResults> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
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

describe('every page for every role that may open it, checked by axe-core (WCAG 2.1 AA)', () => {
  it.each(ROLES)(
    '%s: no serious or critical violation',
    async (role) => {
      // The app's CSP allows no inline script: the injected axe-core is let through here only.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      if (role === 'super_admin') {
        await signIn(page, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
      } else {
        await signIn(page, stack.url, PEOPLE[role].email, PASSWORD);
      }
      const paths = (Object.keys(PAGE_ACCESS) as PagePath[]).filter((path) =>
        PAGE_ACCESS[path].roles.includes(role),
      );
      const problems: string[] = [];
      for (const path of paths) {
        await page.goto(`${stack.url}${address(path)}`, { waitUntil: 'networkidle' });
        await page.locator('main').waitFor();
        const results = await audit(page);
        for (const violation of results.violations) {
          if (BLOCKING.includes(violation.impact ?? '')) {
            problems.push(describeViolation(`${role} ${address(path)}`, violation));
          }
        }
      }
      await context.close();
      if (problems.length > 0) console.error(problems.join('\n\n'));
      expect(problems.join('\n\n')).toBe('');
    },
    300_000,
  );
});
