import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, launchBrowser, toastText, signInAt } from './browser.js';
import { type Mail, sharedMailbox } from './mailbox.js';
import { Api } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** A face for the invitation's required profile picture (the fixtures sit next to the repository). */
const PHOTO = resolve(repoRoot, '../shared/fixtures/faces/amy/amy1.png');

const ID = uniqueId();
const DOMAIN = `harbour-${ID}.test`;
const ORGANIZATION = {
  name: `harbour-kitchen-${ID}`,
  displayName: 'Harbour Kitchen',
  domain: DOMAIN,
};
const SUPERVISOR = {
  name: 'Sam Supervisor',
  email: `sam@${DOMAIN}`,
  password: 'Harbour-Super-1!',
  role: 'training_supervisor',
};
const OPERATOR = {
  name: 'Olga Operator',
  email: `olga@${DOMAIN}`,
  password: 'Harbour-Operator-1!',
  role: 'operator',
};
const SOP_TITLE = 'Cooling Cooked Food';
const EDITED_TITLE = 'Cooling cooked food safely';
const COURSE = {
  title: 'Kitchen Safety Basics',
  description: 'The cooling procedure every cook follows',
  category: 'Food Safety',
  duration: '1 hour',
  difficulty: 'Beginner',
};

/** The PDF and quiz workers may take a while on a cold start. */
const PROCESSING_TIMEOUT = 120_000;

let stack: RunningStack;
let browser: Browser;

/** The run's mail catcher's mail to the address (the invitations carry the setup links). */
const mailTo = (address: string): Mail | undefined => sharedMailbox().to(address);

/** The super administrator invites the person; the person sets a password from the mail. */
async function invite(admin: Api, organizationId: number, person: typeof SUPERVISOR) {
  await admin.call('POST', '/api/admin/users', {
    email: person.email,
    name: person.name,
    organizationId,
    role: person.role,
  });
  await expect.poll(() => mailTo(person.email), { timeout: 15_000 }).toBeDefined();
  const found = /https?:\/\/\S+?\/(?:setup-password|enhanced-setup)\?\S+/.exec(
    mailTo(person.email)!.text ?? '',
  );
  const link = new URL(found![0]);
  // Invited without a photo: the account is set up with one (fields first, then the file).
  const form = new FormData();
  form.append('token', link.searchParams.get('token') ?? '');
  form.append('email', link.searchParams.get('email') ?? person.email);
  form.append('password', person.password);
  form.append(
    'file',
    new Blob([new Uint8Array(readFileSync(PHOTO))], { type: 'image/png' }),
    'me.png',
  );
  const response = await fetch(`${stack.url}/api/auth/setup-password-with-profile`, {
    method: 'POST',
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface ReviewQuestion {
  id: string;
  text: string;
  options: string[];
  correctIndex: number;
}

describe('observations and training, as a supervisor and an operator use them', () => {
  it('publishes an evaluation, observes an operator through it, and moves their course', async () => {
    // Accounts through the super administrator's API.
    const admin = await new Api(stack).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    const organization = await admin.call('POST', '/api/admin/organizations', ORGANIZATION);
    const organizationId = organization.id as number;
    expect(organizationId).toBeGreaterThan(0);
    await invite(admin, organizationId, SUPERVISOR);
    await invite(admin, organizationId, OPERATOR);
    const supervisorApi = await new Api(stack).login(SUPERVISOR.email, SUPERVISOR.password);
    const operatorApi = await new Api(stack).login(OPERATOR.email, OPERATOR.password);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Nothing observed yet.
    await signInAt(page, stack.url, SUPERVISOR.email, SUPERVISOR.password, '/library/observations');
    await page.getByRole('heading', { name: 'Observations', exact: true }).waitFor();
    await page.getByText('No observations recorded').waitFor();
    await page.getByTestId('create-first-observation').waitFor();
    expect(await page.getByTestId('counter-total-value').innerText()).toBe('0');

    // The supervisor uploads the SOP; processing and the evaluation follow on the server.
    await page.goto(`${stack.url}/library/documents`);
    await page.getByTestId('upload-document-button').click();
    const uploadDialog = page.getByTestId('upload-document-dialog');
    await uploadDialog.getByTestId('document-file-input').setInputFiles({
      name: 'cooling.pdf',
      mimeType: 'application/pdf',
      buffer: sopPdf(COOLING_SOP),
    });
    await uploadDialog.getByLabel('Title').fill(SOP_TITLE);
    await uploadDialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Document uploaded');
    const row = page.locator(`[data-testid=document-row][data-document-title="${SOP_TITLE}"]`);
    await row.waitFor();
    const documentId = Number(await row.getAttribute('data-document-id'));

    await expect
      .poll(
        async () => {
          const document = await supervisorApi.call('GET', `/api/library/documents/${documentId}`);
          return (
            document.evaluationGenerated && document.progress.stage !== 'generating_evaluation'
          );
        },
        { timeout: PROCESSING_TIMEOUT, interval: 1000 },
      )
      .toBe(true);
    await expect
      .poll(() => row.getByTestId('document-status').innerText(), { timeout: 10_000 })
      .toBe('SOP Processed');

    // The viewer's Evaluation tab: a draft with the correct answers for a reviewer.
    await row.getByTestId('view-document').click();
    const viewer = page.getByTestId('document-viewer');
    await expect
      .poll(() => viewer.getByTestId('viewer-summary').innerText(), { timeout: 10_000 })
      .toContain('Processing completed');
    await viewer.getByTestId('viewer-tab-evaluation').click();
    const evaluation = viewer.getByTestId('evaluation');
    await evaluation.waitFor();
    expect(await evaluation.getByTestId('evaluation-status').innerText()).toBe('Draft');
    const questionCount = await evaluation.getByTestId('evaluation-question').count();
    expect(questionCount).toBeGreaterThanOrEqual(3);
    expect(await evaluation.getByTestId('correct-option').count()).toBe(questionCount);
    expect(await evaluation.getByTestId('start-observation').count()).toBe(0);
    await keepScreenshot(page, 'observations-evaluation-draft');

    // The review editor: a blank title is refused with proto's message, a new one is saved.
    await evaluation.getByTestId('evaluation-edit').click();
    await page.waitForURL(`**/library/documents/${documentId}/evaluation/edit`);
    const editor = page.getByTestId('evaluation-editor');
    await editor.waitFor();
    await editor.getByLabel('Title').fill(' ');
    await editor.getByTestId('evaluation-save').click();
    await expect.poll(() => toastText(page)).toContain('Cannot save');
    await editor.getByText('Title is required.').waitFor();
    await editor.getByLabel('Title').fill(EDITED_TITLE);
    await keepScreenshot(page, 'observations-evaluation-editor');
    await editor.getByTestId('evaluation-save').click();
    await expect.poll(() => toastText(page)).toContain('Evaluation saved');
    // The toast keeps clear of the sticky Save/Publish bar at every width: each button is the
    // element at its own centre while the toast shows (at the phone's width too, where the toast
    // spans the screen's width above the bar).
    const save = editor.getByTestId('evaluation-save');
    const barIsOnTop = () =>
      editor.locator('[data-testid="evaluation-save"], [data-testid="editor-publish"]').evaluateAll(
        (buttons) =>
          buttons.length === 2 &&
          buttons.every((button) => {
            const box = button.getBoundingClientRect();
            const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return top !== null && button.contains(top);
          }),
      );
    expect(await toastText(page)).toContain('Evaluation saved');
    expect(await barIsOnTop()).toBe(true);
    for (const width of [768, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await save.click();
      await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
      await expect.poll(() => toastText(page)).toContain('Evaluation saved');
      await expect.poll(barIsOnTop).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Published from the viewer: Start Observation appears.
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.waitForURL('**/library/documents');
    await row.getByTestId('view-document').click();
    await viewer.getByTestId('viewer-tab-evaluation').click();
    await expect
      .poll(() => evaluation.getByTestId('evaluation-title').innerText())
      .toBe(EDITED_TITLE);
    await evaluation.getByTestId('evaluation-publish').click();
    await expect.poll(() => toastText(page)).toContain('Evaluation published');
    await expect
      .poll(() => evaluation.getByTestId('evaluation-status').innerText())
      .toBe('Published');
    await evaluation.getByTestId('start-observation').waitFor();
    await keepScreenshot(page, 'observations-evaluation-published');

    // A course with that SOP; the operator starts it (through the API) at 0 %.
    const course = await supervisorApi.call('POST', '/api/training/courses', {
      ...COURSE,
      documentIds: [documentId],
    });
    const enrolled = await operatorApi.call('POST', `/api/training/courses/${course.id}/enroll`);
    expect(enrolled).toMatchObject({ status: 'in_progress', progress: 0 });

    // The answers, as the reviewer sees them.
    const review = await supervisorApi.call(
      'GET',
      `/api/library/documents/${documentId}/evaluation`,
    );
    const answers = new Map<string, string>(
      (review.questions as ReviewQuestion[]).map((question) => [
        question.text,
        'ABCDEFGH'[question.correctIndex]!,
      ]),
    );

    // Start Observation from the viewer: the document is chosen, the operator is required.
    await evaluation.getByTestId('start-observation').click();
    const dialog = page.getByTestId('start-observation-dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('SOP Document').locator('option:checked').innerText()).toBe(
      SOP_TITLE,
    );
    await dialog.getByTestId('start-observation-submit').click();
    await expect.poll(() => toastText(page)).toContain('Missing Information');
    expect(await toastText(page)).toContain('Please select an operator to observe');
    await dialog.getByLabel('Operator').selectOption({ label: `${OPERATOR.name} (operator)` });
    await dialog.getByLabel('Initial Notes (optional)').fill('Morning shift, cold kitchen');
    await keepScreenshot(page, 'observations-start-dialog');
    await dialog.getByTestId('start-observation-submit').click();
    await page.waitForURL(/\/observation\/\d+$/);
    const observationId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // The live session, one question at a time.
    const session = page.getByTestId('observation-session');
    await session.waitFor();
    expect(await session.getByTestId('session-title').innerText()).toBe(EDITED_TITLE);
    expect(await session.getByTestId('session-operator').innerText()).toBe(OPERATOR.name);
    expect(await session.getByTestId('session-elapsed').innerText()).toMatch(/\d+:\d\d/);
    expect(await session.getByTestId('question-position').innerText()).toBe(
      `Question 1 of ${questionCount}`,
    );
    expect(await session.getByTestId('progress-percent').innerText()).toBe('0% Complete');
    const advance = session.getByTestId('advance-question');
    expect(await advance.isDisabled()).toBe(true);
    expect(await advance.innerText()).toBe('Next Question');

    // A finding recorded during the session.
    const findingForm = session.getByTestId('record-finding');
    await findingForm.getByLabel('Severity').selectOption('medium');
    await findingForm.getByLabel('Category').selectOption('safety');
    await findingForm.getByLabel('Note').fill('Probe thermometer was not wiped between uses');
    await findingForm.getByRole('button', { name: 'Record finding' }).click();
    await expect.poll(() => toastText(page)).toContain('Finding recorded');
    await expect.poll(() => session.getByTestId('finding').count()).toBe(1);

    // What was clicked, to tell a wrong click from a lost answer should the score be short.
    const clicked: { position: number; text: string; letter: string | undefined }[] = [];
    for (let index = 0; index < questionCount; index++) {
      await expect
        .poll(() => session.getByTestId('question-position').innerText())
        .toBe(`Question ${index + 1} of ${questionCount}`);
      const text = await session.getByTestId('question-text').innerText();
      const letter = answers.get(text);
      expect(letter, text).toBeDefined();
      clicked.push({ position: index + 1, text, letter });
      await session.locator(`[data-testid=session-option][data-letter="${letter}"]`).click();
      await session.getByLabel('Additional Notes').fill(`Answered question ${index + 1} quickly`);
      const last = index === questionCount - 1;
      expect(await advance.innerText()).toBe(last ? 'Complete Observation' : 'Next Question');
      if (index === 0) await keepScreenshot(page, 'observations-live-session');
      await advance.click();
      if (!last)
        await expect.poll(() => toastText(page)).toContain(`Moving to question ${index + 2}`);
    }

    // Completed: the score, then the list.
    await page.waitForURL('**/library/observations');
    await expect.poll(() => toastText(page)).toContain('Observation Completed');
    const recorded = await supervisorApi.call('GET', `/api/observations/${observationId}`);
    expect(
      await toastText(page),
      JSON.stringify({ clicked, recorded: recorded.responses }),
    ).toContain('100% · Pass');
    const observationRow = page.locator(
      `[data-testid=observation-row][data-observation-id="${observationId}"]`,
    );
    await observationRow.waitFor();
    expect(await observationRow.getByTestId('observation-operator').innerText()).toBe(
      OPERATOR.name,
    );
    expect(await observationRow.getByTestId('observation-status').innerText()).toBe('Completed');
    expect(await observationRow.getByTestId('observation-score').innerText()).toBe('100% · Pass');
    expect(await observationRow.getByTestId('observation-findings').innerText()).toBe(
      '1 finding (1 open)',
    );
    expect(await page.getByTestId('counter-total-value').innerText()).toBe('1');
    expect(await page.getByTestId('counter-open-value').innerText()).toBe('1');
    await keepScreenshot(page, 'observations-list');

    // The completed summary: the finding is resolved there.
    await observationRow.click();
    const summary = page.getByTestId('observation-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').innerText()).toContain('100% · Pass');
    expect(await summary.getByTestId('summary-answers').innerText()).toBe(
      `${questionCount} of ${questionCount} correct`,
    );
    expect(await summary.getByTestId('answer-review').locator('li').count()).toBe(questionCount);
    await summary.getByTestId('resolve-finding').click();
    await expect.poll(() => toastText(page)).toContain('Finding resolved');
    await expect
      .poll(() => summary.getByTestId('finding').getAttribute('data-status'))
      .toBe('resolved');
    await keepScreenshot(page, 'observations-summary');
    await summary.getByRole('button', { name: 'Back to Observations' }).click();
    await page.waitForURL('**/library/observations');
    await expect.poll(() => page.getByTestId('counter-resolved-value').innerText()).toBe('1');
    expect(await page.getByTestId('counter-open-value').innerText()).toBe('0');

    // The supervisor's Training Center shows the course (not enrolled: Start Course).
    await page.goto(`${stack.url}/training`);
    await page.getByText('Develop your skills with our comprehensive training programs').waitFor();
    const supervisorCard = page.locator(
      `[data-testid=course-card][data-course-title="${COURSE.title}"]`,
    );
    await supervisorCard.waitFor();
    expect(await supervisorCard.getByTestId('course-action').innerText()).toBe('Start Course');
    await page.close();

    // The operator: the course is completed by the passed observation.
    const operatorPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAt(operatorPage, stack.url, OPERATOR.email, OPERATOR.password, '/training');
    const card = operatorPage.locator(
      `[data-testid=course-card][data-course-title="${COURSE.title}"]`,
    );
    // The passed observation completes the course as it is recorded, or by training's retry pass
    // (30 s) when a call on the way timed out: the page is opened again until it shows.
    let looks = 0;
    await expect
      .poll(
        async () => {
          if (looks++ > 0) await operatorPage.reload();
          await card.waitFor();
          return card.getAttribute('data-status');
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('completed');
    expect(await card.getByTestId('course-progress').innerText()).toBe('100%');
    expect(await card.getByTestId('course-action').innerText()).toBe('Review');
    expect(await card.getByTestId('course-sop-item').getAttribute('data-passed')).toBe('true');
    expect(await operatorPage.getByTestId('completed-count').innerText()).toBe('1 Completed');
    await keepScreenshot(operatorPage, 'training-operator-completed');

    // A completed course can be rated.
    await card.getByTestId('course-action').click();
    const details = operatorPage.getByTestId('course-details');
    await details.getByRole('radio', { name: '5 stars' }).click();
    await expect.poll(() => toastText(operatorPage)).toContain('Thank you for your rating');
    await details.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => details.count()).toBe(0);
    await expect
      .poll(() => card.getByTestId('course-rating').innerText())
      .toContain('5.0 (1 rating)');

    await operatorPage.getByTestId('training-tab-progress').click();
    expect(await operatorPage.getByTestId('overall-progress-value').innerText()).toBe('100%');
    expect(await operatorPage.getByTestId('courses-completed-value').innerText()).toBe('1 of 1');
    expect(await operatorPage.getByTestId('certificates-earned-value').innerText()).toBe('1');
    await keepScreenshot(operatorPage, 'training-operator-progress');

    // Operators do not observe: the page says so.
    await operatorPage.goto(`${stack.url}/library/observations`);
    await operatorPage.getByTestId('access-restricted').waitFor();
    await operatorPage.close();
    // Room for the processing it waits for (up to PROCESSING_TIMEOUT) and every step after it,
    // as the other files that process a document have: the 120 s default was no longer than that
    // wait alone (the test took 46 s alone on one core, 77 s and then over 120 s on a core shared
    // with two other e2e files while the integration project ran on the other).
  }, 300_000);
});
