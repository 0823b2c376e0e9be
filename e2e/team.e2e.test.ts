import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, signInAt } from './browser.js';
import {
  Api,
  createOrganization,
  createPeople,
  observe,
  type Person,
  publishedSop,
  type PublishedSop,
  startRecordsStack,
  stopRecordsStack,
  withSchema,
} from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `harbour-works-${ID}.test`;
const PASSWORD = 'Harbour-Works-Pass-1!';
const PEOPLE = {
  tess: { name: 'Tess Trainer', email: `tess@${DOMAIN}`, role: 'training_supervisor' },
  otto: { name: 'Otto Operator', email: `otto@${DOMAIN}`, role: 'operator' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
  adam: { name: 'Adam Admin', email: `adam@${DOMAIN}`, role: 'admin' },
};

let stack: RunningStack;
let browser: Browser;
let ids: Record<keyof typeof PEOPLE, number>;
let strangerId: number;
let sop: PublishedSop;

const cardValue = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).innerText();

beforeAll(async () => {
  ({ stack, browser, ids } = await startRecordsStack(
    `harbour-works-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
  // Someone of another organization: never listed, never opened.
  const otherId = await createOrganization(stack, `other-works-${ID}`, `other-works-${ID}.test`);
  strangerId = (
    await createPeople(
      stack,
      otherId,
      { sam: { name: 'Sam Stranger', email: `sam@other-works-${ID}.test`, role: 'operator' } },
      PASSWORD,
    )
  ).sam;

  // Tess observes Otto (all right: passes) and Olga (all wrong: fails) on a Safety SOP.
  const tess = await new Api(stack).login(PEOPLE.tess.email, PASSWORD);
  sop = await publishedSop(stack, tess, 'Cooling', 'Safety');
  expect(await observe(tess, sop, ids.otto, () => true)).toMatchObject({ passed: true });
  expect(await observe(tess, sop, ids.olga, () => false)).toMatchObject({ passed: false });
  // Otto signs in today and starts a course of the SOP he passed.
  const otto = await new Api(stack).login(PEOPLE.otto.email, PASSWORD);
  const course = await tess.call('POST', '/api/training/courses', {
    title: 'Cold chain basics',
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner',
    documentIds: [sop.documentId],
  });
  await otto.call('POST', `/api/training/courses/${course.id}/enroll`);
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('/team from real records', () => {
  it('shows the figures, departments, metrics and members; search and details work', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await signInAt(page, stack.url, PEOPLE.tess.email, PASSWORD, '/team');
    await page.getByRole('heading', { name: 'Team Overview', exact: true }).waitFor();
    await page.getByText("Monitor and manage your team's performance").waitFor();

    // Four active members; Tess and Otto signed in today.
    await expect.poll(() => cardValue(page, 'team-total')).toBe('4');
    expect(await cardValue(page, 'team-present')).toBe('2');
    expect(await page.getByTestId('team-present-caption').innerText()).toBe('50% attendance');
    expect(await cardValue(page, 'team-absent')).toBe('2');
    expect(await cardValue(page, 'team-top')).toBe('1');
    expect(await page.getByTestId('department-admin-count').innerText()).toBe('1');
    expect(await page.getByTestId('department-training_supervisor-count').innerText()).toBe('1');
    expect(await page.getByTestId('department-manager-count').innerText()).toBe('0');
    expect(await page.getByTestId('department-operator-count').innerText()).toBe('2');
    // One pass, one fail, both first attempts on a Safety SOP.
    expect(await page.getByTestId('metric-averagePerformance').innerText()).toBe('50%');
    expect(await page.getByTestId('metric-safetyCompliance').innerText()).toBe('50%');
    expect(await page.getByTestId('metric-efficiencyRating').innerText()).toBe('50%');

    const rows = page.getByTestId('member-row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByText('Sam Stranger').count()).toBe(0);
    const ottoRow = page.locator(`[data-member="${ids.otto}"]`);
    expect(await ottoRow.getByTestId('member-performance').innerText()).toBe('100%');
    expect(await ottoRow.innerText()).toContain('Operators');
    await keepScreenshot(page, 'team-overview');
    // At 1280 px every row stays on one line, even beside a long email address: 'View Details'
    // does not wrap and the status badges sit side by side.
    await ottoRow
      .locator('td')
      .first()
      .locator('p')
      .nth(1)
      .evaluate((element) => {
        element.textContent = 'otto.operator.of.the.night.shift@harbour-works-cold-storage.test';
      });
    // One line box for the link's text (a wrapped 'View Details' has two).
    const detailLines = await ottoRow
      .getByTestId(`member-${ids.otto}-details`)
      .evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      });
    expect(detailLines).toBe(1);
    const badges = ottoRow.locator('td').nth(3).locator('span.rounded-full');
    expect(await badges.count()).toBe(2);
    const [active, present] = [
      await badges.nth(0).boundingBox(),
      await badges.nth(1).boundingBox(),
    ];
    expect(Math.abs(active!.y - present!.y)).toBeLessThan(2);

    await page.getByTestId('team-search').fill('olga');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Olga Operator');
    await page.getByTestId('team-search').fill('nobody-by-that-name');
    await page
      .getByTestId('team-no-match')
      .getByText('No team members match your search')
      .waitFor();
    // The empty search offers to clear it, which brings every member back.
    await page.getByTestId('team-no-match-clear').click();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByTestId('team-search').inputValue()).toBe('');

    await page.getByTestId(`member-${ids.otto}-details`).click();
    await page.waitForURL(`**/team/${ids.otto}`);
    await page.getByTestId('member-name').getByText('Otto Operator').waitFor();
    expect(await page.getByTestId('member-detail-performance').innerText()).toBe('100%');
    const certifications = page.getByTestId('member-certifications');
    await certifications.getByText(sop.evaluation.title).first().waitFor();
    expect(await certifications.innerText()).toContain('Active');
    const observations = page.getByTestId('member-observation');
    expect(await observations.count()).toBe(1);
    expect(await observations.first().innerText()).toContain('Observed by Tess Trainer');
    expect(await observations.first().innerText()).toContain('Passed');
    const course = page.getByTestId('member-course');
    expect(await course.count()).toBe(1);
    expect(await course.first().innerText()).toContain('Cold chain basics');
    expect(await course.first().innerText()).toContain('100%');
    expect(await page.getByTestId('member-videos').innerText()).toContain(
      'Not identified in any analysed video.',
    );
    await keepScreenshot(page, 'team-member');

    // Another organization's person is not found here.
    await page.goto(`${stack.url}/team/${strangerId}`);
    await page.getByText('Team member not found').waitFor();
    await page.close();
  });

  it('shows the first videos a member appears in, and the next ones on "Load more"', async () => {
    const organizationId = await withSchema(stack, 'identity', async (sql) => {
      const { rows } = await sql.query<{ organization_id: number }>(
        `SELECT organization_id FROM users WHERE id = $1`,
        [ids.olga],
      );
      return rows[0]!.organization_id;
    });
    const report = JSON.stringify({
      identifiedOperators: [
        {
          userId: ids.olga,
          name: 'Olga Operator',
          distance: 0.3,
          appearances: [{ start: 1, end: 3 }],
        },
      ],
    });
    // More analysed videos than the member's page carries (20).
    await withSchema(stack, 'video', (sql) =>
      sql.query(
        `INSERT INTO videos (organization_id, title, file_name, file_size, storage_key, recorded_at,
           uploaded_by, analysis_status, report)
         SELECT $1, 'Night shift ' || day, 'shift.mp4', 1000,
                'org/' || $1::int || '/videos/night-' || day || '.mp4',
                now() - make_interval(days => day), $2, 'completed', $3
           FROM generate_series(1, 25) day`,
        [organizationId, ids.tess, report],
      ),
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await signInAt(page, stack.url, PEOPLE.tess.email, PASSWORD, `/team/${ids.olga}`);
    const videos = page.getByTestId('member-video');
    await expect.poll(() => videos.count()).toBe(20);
    const section = page.getByTestId('member-videos');
    expect(await section.getByTestId('list-count').innerText()).toBe('Showing 20 of 25 videos');
    expect(await videos.first().innerText()).toContain('Night shift 1');
    await section.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => videos.count()).toBe(25);
    expect(await videos.last().innerText()).toContain('Night shift 25');
    expect(await section.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await page.close();
  });

  it('pages through an organization larger than a page, and a search starts again at its first', async () => {
    // 55 operators and their supervisor: two pages of 50, in name order.
    const domain = `big-works-${ID}.test`;
    const organizationId = await createOrganization(stack, `big-works-${ID}`, domain);
    const crowd: Record<string, Person> = {
      lead: { name: 'Aaron Lead', email: `lead@${domain}`, role: 'training_supervisor' },
    };
    for (let index = 1; index <= 55; index += 1) {
      const number = String(index).padStart(2, '0');
      crowd[`p${number}`] = {
        name: `Worker ${number}`,
        email: `worker${number}@${domain}`,
        role: 'operator',
      };
    }
    await createPeople(stack, organizationId, crowd, PASSWORD);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, `lead@${domain}`, PASSWORD, '/team');
    const rows = page.getByTestId('member-row');
    const range = page.getByTestId('team-pager-range');
    await expect.poll(() => range.innerText()).toBe('1–50 of 56 people');
    expect(await rows.count()).toBe(50);
    expect(await page.getByTestId('team-pager-previous').isDisabled()).toBe(true);

    await page.getByTestId('team-pager-next').click();
    await expect.poll(() => range.innerText()).toBe('51–56 of 56 people');
    await expect.poll(() => rows.count()).toBe(6);
    expect(await rows.first().innerText()).toContain('Worker 50');
    expect(await page.getByTestId('team-pager-next').isDisabled()).toBe(true);
    await keepScreenshot(page, 'team-second-page-phone');

    // A search narrows on the server and starts at its first page: one page, no pager.
    await page.getByTestId('team-search').fill('Worker 0');
    await expect.poll(() => rows.count()).toBe(9);
    expect(await page.getByTestId('team-pager').count()).toBe(0);
    await page.close();
  });

  it('keeps operators out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(page, stack.url, PEOPLE.otto.email, PASSWORD, '/team');
    await page.getByText('Access Restricted').first().waitFor();
    expect(await page.getByTestId('team-page').count()).toBe(0);
    await page.close();
  });
});

describe('/insights from the same records', () => {
  it('shows the figures, recent activity and the Observation Center', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await signInAt(page, stack.url, PEOPLE.adam.email, PASSWORD, '/insights');
    await page.getByRole('heading', { name: 'Insights', exact: true }).waitFor();
    // One pass (100) and one fail (0) this month, none the month before.
    await expect.poll(() => cardValue(page, 'insights-performance')).toBe('50%');
    expect(await page.getByTestId('insights-performance-change').innerText()).toBe(
      'No figure last month',
    );
    expect(await page.getByTestId('center-completed').innerText()).toBe('2');
    expect(await page.getByTestId('center-active').innerText()).toBe('0');
    expect(await page.getByTestId('insights-activity').innerText()).toContain(
      'Otto Operator passed',
    );
    expect(await page.getByTestId('export-observations').getAttribute('href')).toBe(
      '/api/reports/observations.csv',
    );
    await keepScreenshot(page, 'insights-overview');
    await page.close();
  });
});
