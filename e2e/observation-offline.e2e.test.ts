import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, signIn, toastText } from './browser.js';
import {
  Api,
  type PublishedSop,
  publishedSop,
  startRecordsStack,
  stopRecordsStack,
} from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

/**
 * Issue #34, point 2: answers and findings recorded while the network is away wait on the device
 * ("waiting to send"), are sent in order when it is back, and the server records each once.
 */
const ID = uniqueId();
const DOMAIN = `quayside-${ID}.test`;
const PASSWORD = 'Quayside-Kitchen-1!';
const PEOPLE = {
  sam: { name: 'Sam Supervisor', email: `sam@${DOMAIN}`, role: 'training_supervisor' },
  olga: { name: 'Olga Operator', email: `olga@${DOMAIN}`, role: 'operator' },
} as const;
const SOP_TITLE = 'Cooling Cooked Food';
const PHONE = { width: 390, height: 844 };

let stack: RunningStack;
let browser: Browser;
let sam: Api;
let sop: PublishedSop;

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(`quayside-${ID}`, DOMAIN, PEOPLE, PASSWORD));
  sam = await new Api(stack).login(PEOPLE.sam.email, PASSWORD);
  sop = await publishedSop(stack, sam, SOP_TITLE, 'Safety');
}, 300_000);

afterAll(() => stopRecordsStack({ stack, browser }));

interface ServerRecord {
  status: string;
  responses: { questionId: string }[];
  findings: { id: number; note: string }[];
}

interface StoredItem {
  kind: 'response' | 'finding';
  key: string;
  body: Record<string, unknown>;
}

/** The question's right answer, by its position in the session (the evaluation's order). */
const letterOf = (index: number) => 'ABCDEFGH'[sop.evaluation.questions[index]!.correctIndex]!;

/** Answers the question on screen (the right option) and moves on. */
async function answer(page: Page, index: number): Promise<void> {
  const session = page.getByTestId('observation-session');
  await expect
    .poll(() => session.getByTestId('question-position').innerText())
    .toBe(`Question ${index + 1} of ${sop.evaluation.questions.length}`);
  await session.locator(`[data-testid=session-option][data-letter="${letterOf(index)}"]`).click();
  await session.getByTestId('advance-question').click();
}

describe('the live observation session on bad Wi-Fi', () => {
  it('keeps what is recorded offline, sends it in order when back, and the server has each once', async () => {
    const total = sop.evaluation.questions.length;
    expect(total).toBeGreaterThanOrEqual(4);
    // With the app's service worker, as on a phone that has opened the app before.
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signIn(page, stack.url, PEOPLE.sam.email, PASSWORD);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Started on the phone from the Observations page.
    await followLink(page, '/library/observations');
    await page.getByRole('button', { name: 'New Observation' }).click();
    const dialog = page.getByTestId('start-observation-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('SOP Document').selectOption({ label: SOP_TITLE });
    await dialog.getByLabel('Operator').selectOption({ label: `${PEOPLE.olga.name} (operator)` });
    await dialog.getByTestId('start-observation-submit').click();
    await page.waitForURL(/\/observation\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const record = () => sam.call('GET', `/api/observations/${id}`) as Promise<ServerRecord>;
    // The outbox's entry for this person and observation (web/src/observations/sessionOutbox.ts).
    const stored = () =>
      page.evaluate((suffix) => {
        const key = Object.keys(localStorage).find(
          (name) => name.startsWith('hub.observation-outbox.') && name.endsWith(suffix),
        );
        return JSON.parse((key && localStorage.getItem(key)) ?? '[]') as StoredItem[];
      }, `.${id}`);
    const session = page.getByTestId('observation-session');

    // Question 1 online: sent at once.
    await answer(page, 0);
    await expect.poll(async () => (await record()).responses.length).toBe(1);
    await expect.poll(() => session.getByTestId('waiting-to-send').count()).toBe(0);

    // The copy the service worker keeps of the session has question 1's answer too.
    const keptAnswers = () =>
      page.evaluate(async (observation) => {
        const url = `${location.origin}/api/observations/${observation}`;
        const kept = await (await caches.open('hub-observations-v1')).match(url);
        return kept ? ((await kept.json()) as ServerRecord).responses.length : -1;
      }, id);
    await expect.poll(keptAnswers).toBe(1);

    // The network goes away and the page is reloaded: the session goes on from the kept copy.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-shell').waitFor();
    await expect
      .poll(() => session.getByTestId('question-position').innerText())
      .toBe(`Question 2 of ${total}`);
    expect(await session.locator('[data-testid=live-answer][data-status=sent]').count()).toBe(1);

    // Question 2 and a finding wait on the device.
    await answer(page, 1);
    await expect
      .poll(() => session.getByTestId('question-position').innerText())
      .toBe(`Question 3 of ${total}`);
    // The "Moving to question 3" toast sits where a phone shows the form's button: a click on it
    // hovers the toast, which holds it open. It goes by itself first, as a person would let it.
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 20_000 }).toBe(0);
    const findingForm = session.getByTestId('record-finding');
    await findingForm.getByLabel('Severity').selectOption('high');
    await findingForm.getByLabel('Category').selectOption('safety');
    await findingForm.getByLabel('Note').fill('Cooling tray left uncovered');
    await findingForm.getByRole('button', { name: 'Record finding' }).click();
    const waitingAnswer = session.locator('[data-testid=live-answer][data-status=waiting]');
    await expect.poll(() => waitingAnswer.innerText()).toContain('waiting to send');
    expect(await waitingAnswer.innerText()).toMatch(/^2\. /);
    const waitingFinding = session.getByTestId('pending-finding');
    await expect.poll(() => waitingFinding.innerText()).toContain('waiting to send');
    expect(await waitingFinding.innerText()).toContain('Cooling tray left uncovered');
    expect(await session.getByTestId('outbox-count').innerText()).toBe('2 waiting to send');
    await keepScreenshot(page, 'observation-offline-waiting');
    const offlineItems = await stored();
    expect(offlineItems.map((item) => item.kind)).toEqual(['response', 'finding']);
    const answerTwo = offlineItems[0]!;
    const findingRequest = offlineItems[1]!;
    // The server (asked from outside the phone) has neither yet.
    const whileOffline = await record();
    expect(whileOffline.responses.map((response) => response.questionId)).toEqual([
      sop.evaluation.questions[0]!.id,
    ]);
    expect(whileOffline.findings).toEqual([]);

    // Back online: sent in order; nothing waits; the server has each exactly once.
    await context.setOffline(false);
    await expect
      .poll(() => session.getByTestId('waiting-to-send').count(), { timeout: 40_000 })
      .toBe(0);
    expect(await session.getByTestId('outbox-count').count()).toBe(0);
    expect(await stored()).toEqual([]);
    const afterOnline = await record();
    expect(afterOnline.responses.map((response) => response.questionId)).toEqual(
      sop.evaluation.questions.slice(0, 2).map((question) => question.id),
    );
    expect(afterOnline.findings.map((finding) => finding.note)).toEqual([
      'Cooling tray left uncovered',
    ]);
    expect(await session.getByTestId('finding').count()).toBe(1);

    // A duplicate: the finding's exact request, key and all, sent again: still one finding.
    const again = await sam.call('POST', `/api/observations/${id}/findings`, findingRequest.body);
    expect(again.id).toBe(afterOnline.findings[0]!.id);
    expect((await record()).findings).toHaveLength(1);

    // The answers' requests fail (the Wi-Fi drops them) for the rest: the queue grows, the
    // last question waits for it, and a reload restores it.
    const dropped = /\/api\/observations\/\d+\/(response|findings)$/;
    await context.route(dropped, (route) => route.abort('internetdisconnected'));
    for (let index = 2; index < total - 1; index++) await answer(page, index);
    await expect
      .poll(() => session.getByTestId('question-position').innerText())
      .toBe(`Question ${total} of ${total}`);
    const queued = total - 3;
    await session
      .locator(`[data-testid=session-option][data-letter="${letterOf(total - 1)}"]`)
      .click();
    const advance = session.getByTestId('advance-question');
    expect(await advance.innerText()).toBe('Complete Observation');
    expect(await advance.isDisabled()).toBe(true);
    expect(await session.getByTestId('completion-blocked').innerText()).toContain(
      'waiting to send',
    );
    await page.reload();
    await expect
      .poll(() => session.getByTestId('outbox-count').innerText())
      .toBe(`${queued} waiting to send`);
    expect(await session.getByTestId('question-position').innerText()).toBe(
      `Question ${total} of ${total}`,
    );
    expect(await session.locator('[data-testid=live-answer][data-status=waiting]').count()).toBe(
      queued,
    );
    expect((await record()).responses).toHaveLength(2);

    // The Wi-Fi recovers: the backoff timer sends the restored queue; then the observation ends.
    await context.unroute(dropped);
    await expect
      .poll(() => session.getByTestId('waiting-to-send').count(), { timeout: 40_000 })
      .toBe(0);
    expect((await record()).responses).toHaveLength(total - 1);
    await session
      .locator(`[data-testid=session-option][data-letter="${letterOf(total - 1)}"]`)
      .click();
    await advance.click();
    await page.waitForURL('**/library/observations');
    await expect.poll(() => toastText(page)).toContain('Observation Completed');
    const completed = await record();
    expect(completed.status).toBe('completed');
    expect(completed.responses).toHaveLength(total);
    expect(completed.findings).toHaveLength(1);

    // A late retry of question 2's answer answers what it first did and changes nothing.
    const retried = await sam.call('POST', `/api/observations/${id}/response`, answerTwo.body);
    expect(retried).toEqual({ completed: false, nextQuestionIndex: 2, score: null, passed: null });
    expect(await record()).toEqual(completed);
    await context.close();
  }, 240_000);
});
