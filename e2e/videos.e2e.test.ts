import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_CONTRACTS } from '@hub/proto';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { keepScreenshot, launchBrowser, toastText, signInAt } from './browser.js';
import { createOrganization, createPeople, withSchema } from './records.js';
import { type RunningStack, sharedStack, uniqueId } from './stack.js';
import { makeStillsVideo, STILL_SECONDS } from './stills-video.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The fixtures sit next to the repository. */
const FACES = resolve(repoRoot, '../shared/fixtures/faces');
/** The administrator's profile picture: their face is enrolled from it. */
const ENROLLED_PHOTO = join(FACES, 'amy/amy1.png');
/** Another photo of the same person, then three people nobody enrolled; 2 s each. */
const STILLS = [
  'amy/amy2.png',
  'bernadette/bernadette2.png',
  'howard/howard2.png',
  'leonard/leonard2.png',
];

const SOP_TITLE = 'Cooling Cooked Food';
const VIDEO = { title: 'Cold kitchen morning shift', description: 'Cooling the soup batch' };

/** The PDF worker and the video worker may take a while on a cold start. */
/**
 * Escape closes the player's dialog, pressed again while it is still there: in a fresh-clone CI
 * run on a slow machine it stayed open 15 s after one press (cause not found; the press was lost,
 * the next ones were never made).
 */
async function closedByEscape(page: Page, player: Locator) {
  await expect
    .poll(async () => {
      if ((await player.count()) > 0) await page.keyboard.press('Escape');
      return player.count();
    })
    .toBe(0);
}

const PROCESSING_TIMEOUT = 120_000;
const ANALYSIS_TIMEOUT = 150_000;

/** An administrator of an organization of the file's own (the library starts empty). */
const ID = uniqueId();
const ADMIN = {
  name: 'Amy Admin',
  email: `amy@video-works-${ID}.test`,
  role: 'admin',
  password: 'Video-Admin-Pass-1!',
};

let stack: RunningStack;
let browser: Browser;
let folder: string;
let videoFile: string;
let organizationId: number;
let adminId: number;

/**
 * Whether the video service has the administrator's face from the profile picture: enrolled by
 * the worker a moment after the upload, and an analysis started before it would not know them.
 */
async function faceEnrolled(): Promise<boolean> {
  return withSchema(stack, 'video', async (sql) => {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM face_enrolments
        WHERE organization_id = $1 AND source = 'profile' AND model NOT IN ('pending', 'rejected')`,
      [organizationId],
    );
    return rows[0]!.n > 0;
  });
}

/**
 * Where the enrolment of the administrator's picture stands at each hop, for a failure to say
 * where it stopped: identity's outbox row of the event, the video service's reading of the event
 * stream, the worker's job, the video service's rows.
 */
async function enrolmentTrail(): Promise<string> {
  const outbox = await withSchema(stack, 'identity', async (sql) => {
    const { rows } = await sql.query(
      `SELECT event->>'pictureKey' AS "pictureKey", created_at, sent_at FROM outbox
        WHERE event->>'type' = 'user.picture-changed' AND (event->>'userId')::int = $1`,
      [adminId],
    );
    return rows as { pictureKey: string }[];
  });
  // A refused picture is told in a notification, with the worker's reason.
  const notices = await withSchema(stack, 'identity', async (sql) => {
    const { rows } = await sql.query(
      `SELECT type, title, message, created_at FROM notifications WHERE user_id = $1`,
      [adminId],
    );
    return rows;
  });
  const faces = await withSchema(stack, 'video', async (sql) => {
    const { rows } = await sql.query(
      `SELECT source, picture_key, model, enrolled_at FROM face_enrolments WHERE user_id = $1`,
      [adminId],
    );
    return rows;
  });
  const prefix = stack.resources.redisPrefix;
  const redis = new Redis(stack.env.REDIS_URL!);
  // The kit's bullPrefix: the run's prefix, then 'bull'.
  const queue = new Queue(QUEUE_CONTRACTS.faceEnrolment.name, {
    connection: redis,
    prefix: `${prefix}bull`,
  });
  try {
    const jobs = await Promise.all(
      outbox.map(async ({ pictureKey }) => {
        const id = QUEUE_CONTRACTS.faceEnrolment.jobId!({
          userId: adminId,
          organizationId,
          pictureKey,
          changedBy: adminId,
        })!;
        const job = await queue.getJob(id);
        const state = await queue.getJobState(id);
        if (!job) return { id, state };
        const { attemptsMade, stalledCounter, failedReason, returnvalue, timestamp } = job;
        const { processedOn, finishedOn } = job;
        const times = { timestamp, processedOn, finishedOn };
        return { id, state, attemptsMade, stalledCounter, failedReason, returnvalue, times };
      }),
    );
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    const eventGroups = await redis.xinfo('GROUPS', `${prefix}events`);
    // The video worker's last heartbeat (ms): a worker that stopped beats no more.
    const workerBeats = await redis.zrange(`${prefix}heartbeats:video-worker`, 0, -1, 'WITHSCORES');
    const now = Date.now();
    const trail = { outbox, eventGroups, jobs, queue: counts, workerBeats, now, faces, notices };
    return JSON.stringify(trail, null, 1);
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'videos-e2e-'));
  videoFile = join(folder, 'morning-shift.mp4');
  makeStillsVideo(videoFile, STILLS);
  stack = await sharedStack();
  organizationId = await createOrganization(stack, `video-works-${ID}`, `video-works-${ID}.test`);
  ({ admin: adminId } = await createPeople(
    stack,
    organizationId,
    { admin: ADMIN },
    ADMIN.password,
  ));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('video library, as a person uses it', () => {
  it('uploads a performance video, analyses it against an SOP, plays it and reads the report', async () => {
    expect(statSync(videoFile).size).toBeGreaterThan(1000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A face to recognise: the administrator's own picture.
    await signInAt(page, stack.url, ADMIN.email, ADMIN.password, '/profile');
    await page.getByTestId('profile-picture-input').setInputFiles(ENROLLED_PHOTO);
    await expect
      .poll(() => toastText(page), { timeout: 15_000 })
      .toContain('Profile Picture Updated');

    // A processed SOP to link the video to.
    await page.goto(`${stack.url}/library/documents`);
    await page.getByTestId('upload-document-button').click();
    const documentDialog = page.getByTestId('upload-document-dialog');
    await documentDialog.getByTestId('document-file-input').setInputFiles({
      name: 'cooling.pdf',
      mimeType: 'application/pdf',
      buffer: sopPdf(COOLING_SOP),
    });
    await documentDialog.getByLabel('Title').fill(SOP_TITLE);
    await documentDialog.getByRole('button', { name: 'Upload Document' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Document uploaded');
    const documentRow = page.locator(
      `[data-testid=document-row][data-document-title="${SOP_TITLE}"]`,
    );
    await expect
      .poll(() => documentRow.getByTestId('document-status').innerText(), {
        timeout: PROCESSING_TIMEOUT,
        interval: 1000,
      })
      .toBe('SOP Processed');
    const sopId = Number(await documentRow.getAttribute('data-document-id'));

    // The Videos tab, empty.
    await page.getByTestId('library-tab-videos').click();
    await page.waitForURL('**/library/videos');
    const library = page.getByTestId('video-library');
    await library
      .getByText('Manage operator performance videos and AI analysis results.')
      .waitFor();
    await page.getByText('No videos found').waitFor();
    await page.getByText('Upload your first performance video to get started').waitFor();
    await keepScreenshot(page, 'videos-empty');

    // The upload dialog checks the file before anything is sent.
    await page.getByTestId('upload-video-button').click();
    const uploadDialog = page.getByTestId('upload-video-dialog');
    await uploadDialog.getByRole('heading', { name: 'Upload Performance Video' }).waitFor();
    await uploadDialog.getByRole('button', { name: 'Upload Video' }).click();
    await expect.poll(() => toastText(page)).toContain('No file selected');
    expect(await toastText(page)).toContain('Please select a video file to upload.');
    await uploadDialog.getByTestId('video-file-input').setInputFiles(ENROLLED_PHOTO);
    await uploadDialog.getByRole('button', { name: 'Upload Video' }).click();
    await expect.poll(() => toastText(page)).toContain('Invalid file type');
    expect(await toastText(page)).toContain(
      'Please select a valid video file (MP4, MPEG, MOV, AVI).',
    );

    // The video, its details and the SOP; the recording date defaults to now.
    await uploadDialog.getByTestId('video-file-input').setInputFiles(videoFile);
    expect(await uploadDialog.getByLabel('Title').inputValue()).toBe('morning-shift');
    await uploadDialog.getByLabel('Title').fill('');
    await uploadDialog.getByRole('button', { name: 'Upload Video' }).click();
    await uploadDialog.getByText('Title is required').waitFor();
    await uploadDialog.getByLabel('Title').fill(VIDEO.title);
    await uploadDialog.getByLabel('Description').fill(VIDEO.description);
    expect(await uploadDialog.getByLabel('Recording date').inputValue()).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    );
    await uploadDialog.getByLabel('Recording date').fill('2025-03-04T07:30');
    await uploadDialog.getByRole('checkbox', { name: SOP_TITLE }).click();
    await keepScreenshot(page, 'videos-upload-dialog');
    await uploadDialog.getByRole('button', { name: 'Upload Video' }).click();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Video uploaded');
    expect(await toastText(page)).toContain(
      'Video uploaded. Press Analyse to identify operators and check it against the SOPs.',
    );
    await expect.poll(() => uploadDialog.count()).toBe(0);

    const row = page.locator(`[data-testid=video-row][data-video-title="${VIDEO.title}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(VIDEO.description);
    expect(await row.getByTestId('video-size').innerText()).toMatch(/^\d+(\.\d+)? KB$/);
    expect(await row.getByTestId('video-recorded').innerText()).toContain('03/04/2025');
    expect(await row.getByTestId('video-status').innerText()).toBe('Pending');
    expect(await row.getByTestId('video-sops').innerText()).toBe('1 SOP');
    expect(await row.getByTestId('video-operators').innerText()).toBe('—');
    await keepScreenshot(page, 'videos-uploaded');

    // Analyse against the SOP (preselected from the link), once the face is enrolled.
    await expect
      .poll(faceEnrolled, { timeout: ANALYSIS_TIMEOUT, interval: 500 })
      .toBe(true)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nenrolment: ${await enrolmentTrail()}`, { cause: error });
      });
    await row.getByTestId('analyze-video').click();
    const analyzeDialog = page.getByTestId('analyze-video-dialog');
    await analyzeDialog.getByRole('heading', { name: 'Analyze Video Performance' }).waitFor();
    const sopBox = analyzeDialog.getByRole('checkbox', { name: SOP_TITLE });
    await expect.poll(() => sopBox.getAttribute('aria-checked')).toBe('true');
    await keepScreenshot(page, 'videos-analyze-dialog');
    await analyzeDialog.getByTestId('start-analysis').click();
    await expect.poll(() => analyzeDialog.count()).toBe(0);

    // The row shows the analysis running (unless it is already over), then completes by itself.
    // The list hears of the start a task after the dialog closes: polled, and the status and
    // the button read together, as the list's own refresh may complete it between two reads.
    const shown = () =>
      row.evaluate((element) => ({
        status: element.querySelector('[data-testid="video-status"]')?.textContent?.trim(),
        disabled: element.querySelector<HTMLButtonElement>('[data-testid="analyze-video"]')
          ?.disabled,
      }));
    await expect.poll(async () => (await shown()).status).toMatch(/^(Processing|Completed)$/);
    const first = await shown();
    if (first.status === 'Processing') {
      expect(first.disabled).toBe(true);
      await keepScreenshot(page, 'videos-processing');
    }
    await expect
      .poll(() => row.getAttribute('data-status'), { timeout: ANALYSIS_TIMEOUT, interval: 1000 })
      .toBe('completed');
    expect(await row.getByTestId('video-status').innerText()).toBe('Completed');
    const counts = await row.getByTestId('video-operators').innerText();
    const match = /^(\d+) detected · (\d+) identified \((\d+)%\)$/.exec(counts);
    expect(match, counts).not.toBeNull();
    const [detected, identified, rate] = match!.slice(1).map(Number) as [number, number, number];
    console.log(`[videos e2e] ${counts}`);
    expect(identified).toBeGreaterThanOrEqual(1);
    expect(detected).toBeGreaterThanOrEqual(identified);
    expect(rate).toBe(Math.round((identified / detected) * 100));
    expect(await row.getByTestId('analyze-video').isDisabled()).toBe(false);
    await keepScreenshot(page, 'videos-completed');

    // The API agrees, and kept the SOP link.
    const videoId = Number(await row.getAttribute('data-video-id'));
    const details = (await (
      await page.request.get(`${stack.url}/api/videos/${videoId}`)
    ).json()) as {
      linkedSOPs: number[];
      report: { identifiedOperators: { name: string }[] } | null;
    };
    expect(details.linkedSOPs).toEqual([sopId]);
    expect(details.report?.identifiedOperators.map((operator) => operator.name)).toContain(
      ADMIN.name,
    );

    // The player streams the video (with ranges, so seeking works) and shows the report.
    await row.getByTestId('play-video').click();
    const player = page.getByTestId('video-player-dialog');
    await player.getByRole('heading', { name: VIDEO.title }).waitFor();
    const videoElement = player.getByTestId('video-player');
    expect(await videoElement.getAttribute('src')).toMatch(/^\/api\/videos\/stream\/.+/);
    await expect
      .poll(() => videoElement.evaluate((element: HTMLVideoElement) => element.readyState), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(
      await videoElement.evaluate((element: HTMLVideoElement) => Math.round(element.duration)),
    ).toBe(STILLS.length * STILL_SECONDS);
    expect(await player.getByTestId('video-error').count()).toBe(0);

    const report = player.getByTestId('analysis-report');
    await report.waitFor();
    expect(await report.getByTestId('report-detected').innerText()).toBe(String(detected));
    expect(await report.getByTestId('report-identified').innerText()).toBe(String(identified));
    expect(await report.getByTestId('report-rate').innerText()).toBe(`${rate}%`);
    expect(await report.getByTestId('report-sampling').innerText()).toMatch(
      /^\d+ frames? at [\d.]+ fps over 0:08/,
    );
    const operator = report.locator(
      `[data-testid=identified-operator][data-operator-name="${ADMIN.name}"]`,
    );
    await operator.waitFor();
    expect(await operator.innerText()).toMatch(/distance \d\.\d\d \(threshold [\d.]+\)/);
    const range = operator.getByTestId('seek-button').first();
    expect(await range.innerText()).toMatch(/^0:0\d(–0:0\d)?$/);
    // The stepAnalysis message when no AI provider is configured, or the SOP's findings.
    const steps = report.getByTestId('report-steps');
    expect(
      (await steps.getByTestId('report-steps-message').count()) +
        (await steps.getByTestId('report-sop').count()),
    ).toBeGreaterThan(0);
    await keepScreenshot(page, 'videos-player-report');

    // A time range seeks the player there: the latest one on the report.
    const seekButtons = report.getByTestId('seek-button');
    const starts = await seekButtons.evaluateAll((buttons) =>
      buttons.map((button) => Number(button.getAttribute('data-seconds'))),
    );
    const latest = Math.max(...starts);
    await seekButtons.nth(starts.indexOf(latest)).click();
    await expect
      .poll(() => videoElement.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThanOrEqual(latest - 0.05);
    expect(
      await videoElement.evaluate((element: HTMLVideoElement) => element.currentTime),
    ).toBeLessThan(latest + STILL_SECONDS * 2);
    await keepScreenshot(page, 'videos-player-seeked');
    await closedByEscape(page, player);

    // 'View report' opens the same dialog at the report.
    await row.getByTestId('view-report').click();
    await operator.waitFor();
    await expect.poll(() => operator.isVisible()).toBe(true);
    expect(await report.getByTestId('report-unidentified-text').innerText()).toMatch(
      /unidentified (person|people)$/,
    );
    await keepScreenshot(page, 'videos-report');
    await closedByEscape(page, player);

    // Search on the server, then refresh.
    const search = page.getByPlaceholder('Search videos...');
    await search.fill('zebracrossing');
    await page.getByText('No videos match your search').waitFor();
    await search.fill('morning');
    await row.waitFor();
    await search.fill('');
    await page.getByTestId('refresh-videos').click();
    await expect.poll(() => toastText(page)).toContain('Library refreshed');

    // Delete after a confirmation.
    await row.getByTestId('delete-video').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-action').click();
    await expect.poll(() => toastText(page)).toContain('Video deleted');
    await page.getByText('No videos found').waitFor();
    expect((await page.request.get(`${stack.url}/api/videos/${videoId}`)).status()).toBe(404);
    await keepScreenshot(page, 'videos-deleted');
    await page.close();
  }, 420_000);
});
