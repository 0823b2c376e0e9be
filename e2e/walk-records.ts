import { ROLES, type Role } from '@hub/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { PagePath } from '../web/src/access/pageAccess.js';
import { signInAt } from './browser.js';
import { VIEWPORTS } from './layout-check.js';
import {
  Api,
  observe,
  type Person,
  publishedSop,
  type PublishedSop,
  startRecordsStack,
  stopRecordsStack,
  withSchema,
} from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, uniqueId } from './stack.js';

/**
 * The records of a file that walks (e2e/layout-walk.ts): its own organization, people and
 * records on the shared stack, with realistic long texts, and the browser it walks them in.
 */
export const PASSWORD = 'Pocket-Works-1!';

/**
 * One member per role (the super administrator is built in), with the long names and email
 * addresses real people have: layouts must wrap or truncate them, never run off the side.
 */
const peopleOf = (domain: string) =>
  Object.fromEntries(
    ROLES.filter((role) => role !== 'super_admin').map((role) => [
      role,
      {
        name: `Maximiliana ${role.replace('_', ' ')} Featherstonehaugh-Wolfeschlegelstein`,
        email: `${role.replace('_', '-')}.featherstonehaugh-wolfeschlegelstein@${domain}`,
        role,
      },
    ]),
  ) as Record<Exclude<Role, 'super_admin'>, Person>;

/**
 * The walking file's id and people, made again by each file's setUpWalk(): e2e files share
 * their worker's modules (isolate: false), and each walks in an organization of its own.
 */
let ID = uniqueId();
let DOMAIN = `pocket-works-${ID}.test`;
export let PEOPLE = peopleOf(DOMAIN);
const NOTIFICATIONS_EACH = 200;

let stack: RunningStack;
let browser: Browser;
let organizationId: number;
let ids: Record<Exclude<Role, 'super_admin'>, number>;
let sop: PublishedSop;
/** An observation under way: the live session, with its answer buttons and findings form. */
let liveObservation: number;
/** The operator's certificate, checked on the public verification page. */
let certificateCode: string;

/**
 * The pages outside the shell the walk opens too, in a signed-in tab (they ignore the session):
 * the router's root routes (web/src/router.tsx) that show records, which PAGE_ACCESS, the shell's
 * table, does not list.
 */
export const PUBLIC_PAGES = ['verify/$code'] as const;
export type WalkedPath = PagePath | (typeof PUBLIC_PAGES)[number];

/** The file's organization, people and records, made before its tests and the browser closed after. */
export function setUpWalkRecords() {
  ID = uniqueId();
  DOMAIN = `pocket-works-${ID}.test`;
  PEOPLE = peopleOf(DOMAIN);
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
    await certify(supervisor);
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
  await withSchema(stack, 'identity', async (sql) => {
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
  });
}

/** A concrete address for each page: the records made above where the path needs an id. */
export function address(path: WalkedPath): string {
  if (path === 'verify/$code') return `/verify/${certificateCode}`;
  const id = path.startsWith('observation/')
    ? liveObservation
    : path.startsWith('team/')
      ? ids.operator
      : sop.documentId;
  return `/${path.replace('$id', String(id))}`;
}

/**
 * A pass of the operator: the certificate the verification page shows, and months for the
 * certification charts of Insights.
 */
async function certify(supervisor: Api): Promise<void> {
  await observe(supervisor, sop, ids.operator, () => true);
  const certified = await supervisor.call('GET', '/api/certifications');
  certificateCode = (certified.certifications as { verificationCode: string }[])[0]!
    .verificationCode;
}

export const credentials = (role: Role) =>
  role === 'super_admin' ? E2E_SUPER_ADMIN : { email: PEOPLE[role].email, password: PASSWORD };

/** The file's stack, browser and live observation, once setUpWalk's beforeAll has run. */
export const walkRecords = () => ({ stack, browser, liveObservation });

/** A person of the role signed in, in a phone-sized tab of their own. */
export async function signedIn(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await signInAt(
    page,
    stack.url,
    credentials(role).email,
    credentials(role).password,
    '/dashboard',
  );
  return { context, page };
}
