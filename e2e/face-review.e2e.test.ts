import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, signIn, toastText } from './browser.js';
import { Api, createOrganization, createPeople } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

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
} as const;

let stack: RunningStack;
let browser: Browser;
let folder: string;
let organizationId: number;
let ids: Record<keyof typeof PEOPLE, number>;

function makeVideo(output: string) {
  const inputs = STILLS.flatMap((still) => ['-loop', '1', '-t', '2', '-i', join(FACES, still)]);
  const scaled = STILLS.map(
    (_, i) =>
      `[${i}:v]scale=240:240,pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v${i}]`,
  );
  const concat = `${STILLS.map((_, i) => `[v${i}]`).join('')}concat=n=${STILLS.length}:v=1:a=0[out]`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    [...scaled, concat].join(';'),
    '-map',
    '[out]',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    output,
  ]);
}

/** Rows of the video schema's face tables for a person. */
async function faceRows(userId: number): Promise<number> {
  const sql = new pg.Client({
    connectionString: stack.resources.databaseUrl,
    options: '-c search_path=video',
  });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM face_enrolments WHERE user_id = $1`,
      [userId],
    );
    return rows[0]!.n;
  } finally {
    await sql.end();
  }
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

/** Nothing wider than the phone's screen. */
const fitsPhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'face-review-e2e-'));
  stack = await sharedStack();
  organizationId = await createOrganization(stack, `face-review-${ID}`, DOMAIN);
  ids = await createPeople(stack, organizationId, PEOPLE, PASSWORD);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('faces people can trust, on a phone', () => {
  it('adds references, reviews the report it gives, and deletes a person with no face data left', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signIn(page, stack.url, PEOPLE.amy.email, PASSWORD);

    // Two reference photos of her own, on Your Profile.
    await page.goto(`${stack.url}/profile`);
    await page.getByTestId('face-references').waitFor();
    await addReference(page, 'amy/amy2.png');
    await addReference(page, 'amy/amy5.png');
    expect(await page.getByTestId('face-references-count').innerText()).toBe(
      '2 of 5 reference photos',
    );
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
    makeVideo(video);
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
    await expect
      .poll(() => row.getAttribute('data-status'), { timeout: ANALYSIS_TIMEOUT, interval: 1000 })
      .toBe('completed');
    await row.getByTestId('play-video').click();
    const report = page.getByTestId('video-player-dialog').getByTestId('analysis-report');
    await report.waitFor();
    const face = (name: string) =>
      report.locator(`[data-testid=identified-operator][data-operator-name="${name}"]`);
    await face('Amy Farrah').waitFor();
    await face('Howard Wolowitz').waitFor();
    expect(await report.getByTestId('report-identified').innerText()).toBe('2');

    // Confirm Amy, reject Howard: the report follows at once.
    await face('Amy Farrah').getByTestId('confirm-face').click();
    await expect.poll(() => toastText(page)).toContain('Identification confirmed');
    await expect
      .poll(() => face('Amy Farrah').getByTestId('face-review').innerText())
      .toContain('Confirmed by Amy Farrah');
    await face('Howard Wolowitz').getByTestId('reject-face').click();
    await expect.poll(() => toastText(page)).toContain('Identification rejected');
    await expect.poll(() => face('Howard Wolowitz').count()).toBe(0);
    expect(await report.getByTestId('report-identified').innerText()).toBe('1');
    expect(await report.getByTestId('face-rejected').first().innerText()).toContain(
      'Not Howard Wolowitz',
    );
    expect(await fitsPhone(page)).toBe(true);
    await keepScreenshot(page, 'face-review-report');

    // Howard's page no longer lists the video.
    const member = (await (
      await page.request.get(`${stack.url}/api/team/members/${ids.howard}`)
    ).json()) as {
      videos: unknown[];
    };
    expect(member.videos).toEqual([]);

    // Howard deleted: his reference photo and its face data go with him.
    expect(await faceRows(ids.howard)).toBe(1);
    expect(referenceFiles()).toHaveLength(3);
    const root = await new Api(stack).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    await root.call('DELETE', `/api/admin/users/${ids.howard}`);
    await expect.poll(() => faceRows(ids.howard), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => referenceFiles().length, { timeout: 15_000 }).toBe(2);
    await page.close();
  }, 300_000);
});
