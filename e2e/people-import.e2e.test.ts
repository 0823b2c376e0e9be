import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, keepScreenshot, signInAt } from './browser.js';
import { sharedMailbox } from './mailbox.js';
import {
  Api,
  createOrganization,
  createPeople,
  startRecordsStack,
  stopRecordsStack,
  withSchema,
} from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `moving-in-${ID}.test`;
const OTHER = `elsewhere-${ID}.test`;
const PASSWORD = 'Moving-In-Pass-1!';
const PEOPLE = { ada: { name: 'Ada Admin', email: `ada@${DOMAIN}`, role: 'admin' } };

let stack: RunningStack;
let browser: Browser;
let organizationId: number;

/** 200 rows as Excel writes them (BOM, ';', CRLF, quoted cells): 195 good, 5 refused. */
function spreadsheet(): { csv: string; reasons: string[] } {
  const lines = ['\uFEFFEmail;Name;Role;Job functions;Language;Time zone'];
  for (let i = 1; i <= 195; i += 1)
    lines.push(`person${i}@${DOMAIN};"Person ${i}";operator;"Packing;Forklift";en;Europe/Paris`);
  lines.push(`not-an-email;Bad Address;operator;;;`);
  lines.push(`person7@${DOMAIN};Person Seven Again;operator;;;`);
  lines.push(`boss@${DOMAIN};Boss;chief;;;`);
  lines.push(`welder@${DOMAIN};Welder;operator;Welding;;`);
  lines.push(`sam@${OTHER};Sam Elsewhere;operator;;;`);
  return {
    csv: `${lines.join('\r\n')}\r\n`,
    reasons: [
      '"not-an-email" is not a valid email address.',
      'Duplicate email: already on row 8.',
      'Unknown role "chief" (admin, training supervisor, manager or operator).',
      'Unknown job function "Welding".',
      'This email is already used by another organization.',
    ],
  };
}

beforeAll(async () => {
  ({ stack, browser, organizationId } = await startRecordsStack(
    `moving-in-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
  const other = await createOrganization(stack, `elsewhere-${ID}`, OTHER);
  await createPeople(
    stack,
    other,
    { sam: { name: 'Sam', email: `sam@${OTHER}`, role: 'operator' } },
    PASSWORD,
  );
  const ada = await new Api(stack).login(PEOPLE.ada.email, PASSWORD);
  await ada.call('POST', '/api/job-functions', { name: 'Packing' });
  await ada.call('POST', '/api/job-functions', { name: 'Forklift' });
});

afterAll(() => stopRecordsStack({ stack, browser }));

describe('people import', () => {
  it('an admin imports 200 rows on a phone: 5 reasons, progress, 195 invitations', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, PEOPLE.ada.email, PASSWORD, '/team');
    await page.getByTestId('import-people-link').click();
    await page.getByRole('heading', { name: 'Import people' }).waitFor();

    const { csv, reasons } = spreadsheet();
    await page.getByTestId('people-import-file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const refused = page.getByTestId('refused-rows');
    await refused.waitFor();
    expect(await refused.locator('tbody tr').count()).toBe(5);
    for (const reason of reasons) await refused.getByText(reason, { exact: true }).waitFor();
    expect(await page.getByTestId('plan-create').innerText()).toContain('195');
    expect(await page.getByTestId('plan-refused').innerText()).toContain('5');
    await keepScreenshot(page, 'people-import-preview-390');

    await page.getByRole('button', { name: /Apply: invite 195 people/ }).click();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await progress.waitFor();
    const report = page.getByTestId('people-import-report');
    await report.waitFor({ timeout: 120_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    expect(await report.innerText()).toContain('195 created');
    await keepScreenshot(page, 'people-import-report-390');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByText('Download the rows not imported (CSV)').click(),
    ]);
    const lines = (await downloadedBytes(download)).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('Row,Email,Reason');

    const mailbox = sharedMailbox();
    const invited = () =>
      mailbox
        .list()
        .filter((mail) =>
          mail.to.some((to) => /^person\d+@/.test(to) && to.endsWith(`@${DOMAIN}`)),
        );
    await expect.poll(() => invited().length, { timeout: 60_000 }).toBe(195);
    expect(mailbox.to(`boss@${DOMAIN}`)).toBeUndefined();
    expect(mailbox.to(`sam@${OTHER}`)).toBeUndefined();
    await page.close();
  }, 240_000);

  it('a failed import resumes from its page, on a tablet, where it stopped', async () => {
    const page = await browser.newPage({ viewport: { width: 820, height: 1180 } });
    await signInAt(page, stack.url, PEOPLE.ada.email, PASSWORD, '/people-import');
    const csv = [1, 2, 3].map((i) => `late${i}@${DOMAIN},Late ${i},,Packing`);
    await page.getByTestId('people-import-file').setInputFiles({
      name: 'late.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`email,name,role,job functions\n${csv.join('\n')}\n`),
    });
    await page.getByRole('button', { name: /Apply: invite 3 people/ }).waitFor();
    // The database refuses this import's lines until the trigger is dropped: every attempt fails.
    await withSchema(stack, 'identity', async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        `SELECT max(id) AS id FROM people_imports WHERE organization_id = $1`,
        [organizationId],
      );
      await sql.query(`CREATE FUNCTION refuse_lines_${ID}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.import_id = ${rows[0]!.id} THEN RAISE EXCEPTION 'lines refused for the test';
        END IF; RETURN NEW; END $$`);
      await sql.query(`CREATE TRIGGER refuse_lines_${ID} BEFORE INSERT ON people_import_rows
        FOR EACH ROW EXECUTE FUNCTION refuse_lines_${ID}()`);
    });
    try {
      await page.getByRole('button', { name: /Apply: invite 3 people/ }).click();
      // The database's own words are logged, not shown: the page says what happened and what to do.
      await page
        .getByText(
          'The import stopped: An unexpected error stopped the import. Resume the import to finish it.',
        )
        .waitFor({ timeout: 60_000 });
      expect(await page.getByText('lines refused for the test').count()).toBe(0);
    } finally {
      await withSchema(stack, 'identity', async (sql) => {
        await sql.query(`DROP TRIGGER refuse_lines_${ID} ON people_import_rows`);
        await sql.query(`DROP FUNCTION refuse_lines_${ID}()`);
      });
    }
    await keepScreenshot(page, 'people-import-failed-820');
    await page.getByTestId('people-import-resume').click();
    const report = page.getByTestId('people-import-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.innerText()).toContain('3 created');
    await expect
      .poll(() => [1, 2, 3].filter((i) => sharedMailbox().to(`late${i}@${DOMAIN}`)).length, {
        timeout: 60_000,
      })
      .toBe(3);
    await page.close();
  }, 180_000);
});
