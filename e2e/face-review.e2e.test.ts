import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, toastText, signInAt } from './browser.js';
import { Api, startRecordsStack, stopRecordsStack, withSchema } from './records.js';
import { makeStillsVideo } from './stills-video.js';
import { E2E_SUPER_ADMIN, type RunningStack, uniqueId } from './stack.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const FACES = resolve(repoRoot, '../shared/fixtures/faces');
/** Amy and Howard, 2 s each; nobody has a profile picture: only reference photos name them. */
const STILLS = ['amy/amy3.png', 'amy/amy4.png', 'howard/howard3.png', 'howard/howard4.png'];
const ANALYSIS_TIMEOUT = 150_000;
const PHONE = { width: 390, height: 844 };

const ID = uniqueId();
const DOMAIN = `face-review-${ID}.test`;
const PASSWORD = 'Face-Review-Pass-1!';
const PEOPLE = {
  amy: { name: 'Amy Farrah', email: `amy@${DOMAIN}`, role: 'admin' },
  howard: { name: 'Howard Wolowitz', email: `howard@${DOMAIN}`, role: 'operator' },
  /** No face data at all: the videos show him as an unknown person until he is named. */
  leonard: { name: 'Leonard Hofstadter', email: `leonard@${DOMAIN}`, role: 'operator' },
} as const;

let stack: RunningStack;
let browser: Browser;
let folder: string;
let organizationId: number;
let ids: Record<keyof typeof PEOPLE, number>;

/** Rows of the video schema's face tables for a person (of one source, when given). */
async function faceRows(userId: number, source?: string): Promise<number> {
  return withSchema(stack, 'video', async (sql) => {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM face_enrolments
        WHERE user_id = $1 AND model <> 'pending' AND ($2::text IS NULL OR source = $2)`,
      [userId, source ?? null],
    );
    return rows[0]!.n;
  });
}

/** A video of these stills uploaded and analysed, as the library's Analyse would. */
async function analysedVideo(page: Page, title: string, stills: readonly string[]) {
  const file = join(folder, `${title.replaceAll(' ', '-')}.mp4`);
  makeStillsVideo(file, stills);
  const uploaded = await page.request.post(`${stack.url}/api/videos/upload`, {
    multipart: {
      title,
      recordingDate: '2026-11-21T08:00',
      file: { name: 'shift.mp4', mimeType: 'video/mp4', buffer: readFileSync(file) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const videoId = ((await uploaded.json()) as { id: number }).id;
  const started = await page.request.post(`${stack.url}/api/videos/${videoId}/analyze`, {
    data: { linkedSOPs: [] },
  });
  expect(started.status()).toBe(201);
  return videoId;
}

/** The organization's reference photo files in the local object storage. */
function referenceFiles(): string[] {
  const dir = join(stack.env.DATA_DIR!, 'objects', `org/${organizationId}/face-references`);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function addReference(page: Page, photo: string) {
  const card = page.getByTestId('face-references');
  const before = await card.getByTestId('face-reference').count();
  await card.getByTestId('face-reference-input').setInputFiles(join(FACES, photo));
  await expect.poll(() => toastText(page), { timeout: 60_000 }).toContain('Reference photo added');
  await expect.poll(() => card.getByTestId('face-reference').count()).toBe(before + 1);
}

/** How many videos a member's page lists. */
async function memberVideos(page: Page, userId: number): Promise<number> {
  const member = (await (
    await page.request.get(`${stack.url}/api/team/members/${userId}`)
  ).json()) as {
    videos: unknown[];
  };
  return member.videos.length;
}

/** How often the videos page asks again while a video is analysed (web/src/videos/queries.ts). */
const VIDEOS_POLL_MS = 3000;

/**
 * Waits until the videos' analyses have completed, as the API the page polls says; then moves
 * the page's clock on one poll interval, so the page's own poll asks at once rather than up to
 * VIDEOS_POLL_MS later. The page still follows by itself: the test asserts what it shows.
 */
async function pagePollsOnce(page: Page, videoIds: readonly number[]) {
  for (const videoId of videoIds) {
    await expect
      .poll(
        async () => {
          const video = (await (
            await page.request.get(`${stack.url}/api/videos/${videoId}`)
          ).json()) as { analysisStatus: string };
          return video.analysisStatus;
        },
        { timeout: ANALYSIS_TIMEOUT, interval: 250 },
      )
      .toBe('completed');
  }
  await page.clock.fastForward(VIDEOS_POLL_MS);
}

/** Nothing wider than the phone's screen. */
const fitsPhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'face-review-e2e-'));
  ({ stack, browser, organizationId, ids } = await startRecordsStack(
    `face-review-${ID}`,
    DOMAIN,
    PEOPLE,
    PASSWORD,
  ));
});

afterAll(async () => {
  await stopRecordsStack({ stack, browser });
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * Amy's phone, signed in once for both tests (the second goes on from where the first left it),
 * not a browser context and a sign-in a test: about 1 CPU-s of Chromium each (docs/testing.md).
 */
let amysPage: Promise<Page> | undefined;
function amysPhone(): Promise<Page> {
  amysPage ??= (async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // The page's timers run at their own pace, but pagePollsOnce can move them on.
    await page.clock.install();
    await signInAt(page, stack.url, PEOPLE.amy.email, PASSWORD, '/dashboard');
    return page;
  })();
  return amysPage;
}

describe('faces people can trust, on a phone', () => {
  it('adds references, reviews the report it gives, and deletes a person with no face data left', async () => {
    const page = await amysPhone();

    // Two reference photos of her own, on Your Profile.
    await followLink(page, '/profile');
    await page.getByTestId('face-references').waitFor();
    await addReference(page, 'amy/amy2.png');
    await addReference(page, 'amy/amy5.png');
    await expect
      .poll(() => page.getByTestId('face-references-count').innerText())
      .toBe('2 of 5 reference photos');
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'face-references-profile');

    // A refused photo says why and is not kept.
    await page
      .getByTestId('face-references')
      .getByTestId('face-reference-input')
      .setInputFiles(join(FACES, 'bbt1.jpg'));
    await expect.poll(() => toastText(page), { timeout: 60_000 }).toContain('faces');
    expect(await page.getByTestId('face-reference').count()).toBe(2);

    // One of Howard's, from his page on the team.
    await page.goto(`${stack.url}/team/${ids.howard}`);
    await page.getByTestId('face-references').waitFor();
    await addReference(page, 'howard/howard2.png');
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'face-references-member');

    // A video of both, analysed.
    const video = join(folder, 'shift.mp4');
    makeStillsVideo(video, STILLS);
    const uploaded = await page.request.post(`${stack.url}/api/videos/upload`, {
      multipart: {
        title: 'Line two shift',
        recordingDate: '2026-11-20T08:00',
        file: { name: 'shift.mp4', mimeType: 'video/mp4', buffer: readFileSync(video) },
      },
    });
    expect(uploaded.status()).toBe(201);
    const videoId = ((await uploaded.json()) as { id: number }).id;
    const started = await page.request.post(`${stack.url}/api/videos/${videoId}/analyze`, {
      data: { linkedSOPs: [] },
    });
    expect(started.status()).toBe(201);

    await page.goto(`${stack.url}/library/videos`);
    const row = page.locator(`[data-testid=video-row][data-video-id="${videoId}"]`);
    await pagePollsOnce(page, [videoId]);
    await expect
      .poll(() => row.getAttribute('data-status'), { timeout: ANALYSIS_TIMEOUT, interval: 250 })
      .toBe('completed');
    await row.getByTestId('play-video').click();
    const report = page.getByTestId('video-player-dialog').getByTestId('analysis-report');
    await report.waitFor();
    const face = (name: string) =>
      report.locator(`[data-testid=identified-operator][data-operator-name="${name}"]`);
    await face('Amy Farrah').waitFor();
    await face('Howard Wolowitz').waitFor();
    await expect.poll(() => report.getByTestId('report-identified').innerText()).toBe('2');

    // Confirm Amy, reject Howard: the report follows at once.
    await face('Amy Farrah').getByTestId('confirm-face').click();
    await expect.poll(() => toastText(page)).toContain('Identification confirmed');
    await expect
      .poll(() => face('Amy Farrah').getByTestId('face-review').innerText())
      .toContain('Confirmed by Amy Farrah');
    await face('Howard Wolowitz').getByTestId('reject-face').click();
    await expect.poll(() => toastText(page)).toContain('Identification rejected');
    await expect.poll(() => face('Howard Wolowitz').count()).toBe(0);
    await expect.poll(() => report.getByTestId('report-identified').innerText()).toBe('1');
    await expect
      .poll(() => report.getByTestId('face-rejected').first().innerText())
      .toContain('Not Howard Wolowitz');
    // Not Howard, so somebody unknown: the face joins the organization's unknown people.
    await expect
      .poll(() => report.getByTestId('unidentified-label').first().innerText())
      .toBe('Unknown person 1');
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'face-review-report');

    // Howard's page no longer lists the video.
    await expect.poll(() => memberVideos(page, ids.howard)).toBe(0);

    // Howard deleted: his reference photo and its face data go with him.
    await expect.poll(() => faceRows(ids.howard), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => referenceFiles().length).toBe(3);
    const root = await new Api(stack).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    await root.call('DELETE', `/api/admin/users/${ids.howard}`);
    await expect.poll(() => faceRows(ids.howard), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => referenceFiles().length, { timeout: 15_000 }).toBe(2);
  }, 300_000);

  it('names an unknown group; the report and the floor presence follow', async () => {
    const page = await amysPhone();
    // Named faces may become references, which the floor's cameras compare snapshots with.
    const privacy = await page.request.put(`${stack.url}/api/floor/privacy`, {
      data: { keepSnapshots: false, presenceRetentionDays: 30, learnFromConfirmed: true },
    });
    expect(privacy.status()).toBe(200);

    // Leonard, whom nothing identifies, in two videos: one unknown person.
    const first = await analysedVideo(page, 'Line three morning', ['leonard/leonard2.png']);
    const second = await analysedVideo(page, 'Line three evening', [
      'amy/amy3.png',
      'leonard/leonard2.png',
    ]);
    await page.goto(`${stack.url}/library/videos`);
    await pagePollsOnce(page, [first, second]);
    for (const videoId of [first, second]) {
      const row = page.locator(`[data-testid=video-row][data-video-id="${videoId}"]`);
      await expect
        .poll(() => row.getAttribute('data-status'), { timeout: ANALYSIS_TIMEOUT, interval: 250 })
        .toBe('completed');
    }
    // Unknown person 1 is the face the first test rejected as Howard's.
    const section = page.getByTestId('unknown-people');
    const card = section.locator(
      '[data-testid=unknown-person][data-unknown-person="Unknown person 2"]',
    );
    await expect.poll(() => card.count(), { timeout: 30_000, interval: 500 }).toBe(1);
    // The second video's faces join the group a moment after its run completes: polled.
    await expect
      .poll(() => card.getByTestId('unknown-person-summary').innerText(), { timeout: 30_000 })
      .toBe('Unknown person 2: 2 videos, 2 appearances');
    await expect
      .poll(() =>
        card
          .getByTestId('unknown-face-thumbnail')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'unknown-people-phone');
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'unknown-people-tablet');
    await page.setViewportSize(PHONE);

    // The report names him as unknown too.
    const row = page.locator(`[data-testid=video-row][data-video-id="${first}"]`);
    await row.getByTestId('play-video').click();
    const dialog = page.getByTestId('video-player-dialog');
    await expect
      .poll(() => dialog.getByTestId('unidentified-label').first().innerText())
      .toBe('Unknown person 2');
    await page.keyboard.press('Escape');

    // Named once: every appearance is Leonard's.
    await card.click();
    const person = page.getByTestId('unknown-person-dialog');
    await expect.poll(() => person.getByTestId('unknown-appearance').count()).toBe(2);
    await person.getByTestId('name-unknown-select').selectOption({ label: PEOPLE.leonard.name });
    await person.getByTestId('name-unknown-person').click();
    await expect.poll(() => toastText(page)).toContain('Unknown person named');
    await expect.poll(() => card.count()).toBe(0);
    await keepScreenshot(page, 'unknown-person-named');

    for (const videoId of [first, second]) {
      await page.goto(`${stack.url}/library/videos`);
      await page
        .locator(`[data-testid=video-row][data-video-id="${videoId}"]`)
        .getByTestId('play-video')
        .click();
      const leonard = page
        .getByTestId('video-player-dialog')
        .locator(`[data-testid=identified-operator][data-operator-name="${PEOPLE.leonard.name}"]`);
      await expect
        .poll(() => leonard.getByTestId('face-review').innerText())
        .toContain('Named by Amy Farrah');
    }
    await expect.poll(() => memberVideos(page, ids.leonard)).toBe(2);
    // The floor's cameras compare snapshots with the organization's enrolled faces: his are
    // among them now, learned from the named faces. A camera's snapshot of a named unknown person
    // counted on the floor is floor.e2e's step: the one file that connects the shared stack's
    // camera system.
    // Learned by the video worker after the naming: polled.
    await expect.poll(() => faceRows(ids.leonard, 'learned'), { timeout: 60_000 }).toBe(2);
    await page.close();
  }, 300_000);
});
