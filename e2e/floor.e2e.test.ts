import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, signInAt } from './browser.js';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  startCameraSimulator,
} from '../infra/camera-simulator/simulator.mjs';
import type { FloorAlert, FloorStats } from '@hub/proto';
import { Api, createPeople, withSchema } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';
import { describeIntegrationsPage } from './integrations-page.js';
import { makeStillsVideo } from './stills-video.js';

/**
 * On the shared stack, the only file that connects the platform's one camera system: first the
 * Integrations page's tests, which start from none configured, then the floor's, whose setup
 * connects it again (`describeIntegrationsPage`).
 */
const ID = uniqueId();
const DOMAIN = `mill-${ID}.test`;
const ADMIN = { email: `fay@${DOMAIN}`, password: 'Mill-Floor-Admin-1!' };

let stack: RunningStack;
let simulator: RunningSimulator;
let browser: Browser;
let page: Page;
/** The organization admin, signed in once for the file's API calls. */
let admin: Api;
let organizationId: number;
let people: number[] = [];
const areas: Record<string, number> = {};
const cameras: Record<string, number> = {};
let integrationId: number;

/** A profile picture, as the profile page uploads it. */
async function setPicture(person: Api, file: string) {
  const form = new FormData();
  const data = readFileSync(new URL(`../../shared/fixtures/faces/${file}`, import.meta.url));
  form.append('profilePicture', new Blob([new Uint8Array(data)]), 'me.png');
  const response = await fetch(`${stack.url}/api/user/profile-picture-upload`, {
    method: 'POST',
    headers: { cookie: person.cookie },
    body: form,
  });
  const upload = (await response.json()) as { fileName: string };
  await person.call('PUT', '/api/user/profile-picture', { fileName: upload.fileName });
}

/** The organization with its admin and three operators, straight into identity's tables. */
async function seedPeople() {
  organizationId = await withSchema(stack, 'identity', async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ($1, 'Mill Works', $2) RETURNING id`,
      [`mill-works-${ID}`, DOMAIN],
    );
    return rows[0]!.id;
  });
  const operator = (name: string) => ({ email: `${name}@${DOMAIN}`, name, role: 'operator' });
  const ids = await createPeople(
    stack,
    organizationId,
    {
      admin: { email: ADMIN.email, name: 'Fay Admin', role: 'admin' },
      olga: operator('olga'),
      otto: operator('otto'),
      oona: operator('oona'),
    },
    ADMIN.password,
  );
  people.push(ids.olga, ids.otto, ids.oona);
}

/**
 * An operator's face is enrolled from their profile picture (by the real video worker): the
 * cameras' snapshots can name them from then on.
 */
async function enrol(email: string, picture: string) {
  const operator = new Api(stack);
  await operator.call('POST', '/api/auth/login', { email, password: ADMIN.password });
  await setPicture(operator, picture);
}

/**
 * Waits (generously: the worker may be busy) until the video service has the faces enrolled;
 * within the set-up's own time limit (240 s), so a failure says how many were.
 */
async function enrolled(count: number) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const done = await withSchema(stack, 'video', async (sql) => {
      const { rows } = await sql.query<{ enrolled: number }>(
        `SELECT count(*)::int AS enrolled FROM face_enrolments
          WHERE model <> 'pending' AND organization_id = $1`,
        [organizationId],
      );
      return rows[0]!.enrolled;
    });
    if (done >= count) return;
    if (Date.now() > deadline) throw new Error(`${done} of ${count} faces enrolled in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The super administrator connects the provider simulator and assigns two of its cameras. */
async function connectCameras() {
  const root = new Api(stack);
  await root.call('POST', '/api/auth/login', E2E_SUPER_ADMIN);
  const integration = await root.call('POST', '/api/admin/integrations', {
    integrationType: 'camera_cloud',
    baseUrl: simulator.url,
    ...SIMULATOR_ACCOUNTS.demo,
  });
  // The simulator's cam-102 shows Howard, cam-103 Leonard (fixtures/snapshots.json).
  for (const cameraId of ['cam-102', 'cam-103']) {
    const assigned = await root.call('POST', '/api/admin/camera-assignments', {
      cameraId,
      cameraName: cameraId,
      organizationId,
      integrationId: integration.id,
    });
    integrationId = integration.id as number;
    cameras[cameraId] = assigned.id as number;
  }
  return root;
}

let root: Api;

/** A video file uploaded and its analysis asked for through the API, as the library does. */
async function analysing(file: string, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('recordingDate', '2026-11-21T08:00');
  form.append(
    'file',
    new Blob([new Uint8Array(readFileSync(file))], { type: 'video/mp4' }),
    'v.mp4',
  );
  const response = await fetch(`${stack.url}/api/videos/upload`, {
    method: 'POST',
    headers: { cookie: admin.cookie },
    body: form,
  });
  const { id } = (await response.json()) as { id: number };
  await admin.call('POST', `/api/videos/${id}/analyze`, { linkedSOPs: [] });
  return id;
}

/** Waits until the video's analysis has completed. */
async function analysed(id: number, title: string) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const video = await admin.call('GET', `/api/videos/${id}`);
    if (video.analysisStatus === 'completed') return;
    if (video.analysisStatus === 'failed' || Date.now() > deadline) {
      throw new Error(
        `video ${title}: ${String(video.analysisStatus)} ${String(video.analysisError)}`,
      );
    }
    // A short video's analysis takes a few seconds: a poll a second kept the file waiting half
    // a second more on average, as publishedSop's did (records.ts).
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Turns a camera's snapshots on, as the Integrations page does. */
const snapshotsOn = (cameraId: string) =>
  root.call('PUT', `/api/admin/camera-assignments/${cameras[cameraId]}/schedule`, {
    snapshotEnabled: true,
  });

/** How often the floor page asks for its figures (FLOOR_POLL_MS, web/src/floor/format.ts). */
const FLOOR_POLL_MS = 10_000;

/**
 * Waits until the floor's figures, as the API the page polls gives them, show `reached`; then
 * moves the page's clock on one poll interval, so the page's own poll asks for them at once
 * rather than up to FLOOR_POLL_MS later (the camera's snapshot is identified on the server's
 * time, the page's wait was its interval). The page still follows by itself, without a reload:
 * the tests assert what it shows.
 */
async function pagePollsOnce(reached: (stats: FloorStats) => boolean) {
  await expect
    .poll(async () => reached((await admin.call('GET', '/api/stats/floor')) as FloorStats), {
      timeout: 120_000,
      interval: 250,
    })
    .toBe(true);
  await page.clock.fastForward(FLOOR_POLL_MS);
}

const alerted = (kind: FloorAlert['kind']) => (stats: FloorStats) =>
  stats.alerts.some((alert) => alert.kind === kind);

const text = (testId: string) => page.getByTestId(testId).first().innerText();
const areaRow = (name: string) => page.locator(`[data-testid=area-row][data-area="${name}"]`);

describeIntegrationsPage();

describe('the floor view, as an organization admin watches it', () => {
  beforeAll(async () => {
    simulator = await startCameraSimulator();
    stack = await sharedStack();
    people = [];
    await seedPeople();
    await enrol(`olga@${DOMAIN}`, 'howard/howard1.png');
    await enrol(`otto@${DOMAIN}`, 'leonard/leonard1.png');
    await enrolled(2);
    root = await connectCameras();
    admin = new Api(stack);
    await admin.call('POST', '/api/auth/login', ADMIN);
    for (const name of ['AssemblyLine', 'Packaging']) {
      const area = await admin.call('POST', '/api/floor/areas', { name });
      areas[name] = area.id as number;
    }
    for (const name of ['A1', 'A2'])
      await admin.call('POST', `/api/floor/areas/${areas.AssemblyLine}/stations`, { name });
    await admin.call('POST', `/api/floor/areas/${areas.Packaging}/stations`, {
      name: 'P1',
      status: 'Offline',
    });
    const { token } = (await admin.call('POST', '/api/floor/sensor-token')) as { token: string };
    await admin.call(
      'POST',
      '/api/floor/sensor-readings',
      { area: 'AssemblyLine', temperature: 70.5, humidity: 41, airQuality: 'good' },
      { authorization: `Bearer ${token}` },
    );
    await admin.call('PUT', `/api/floor/cameras/${cameras['cam-102']}`, {
      areaId: areas.AssemblyLine,
    });
    await admin.call('PUT', `/api/floor/cameras/${cameras['cam-103']}`, {
      areaId: areas.Packaging,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    // The page's timers run at their own pace, but pagePollsOnce can move them on.
    await page.clock.install();
    // Past enrolled()'s own limit, so a set-up that waits too long says on what.
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    // The stack outlives this file: its cameras stop taking snapshots from the simulator.
    for (const id of Object.values(cameras)) {
      await root
        ?.call('PUT', `/api/admin/camera-assignments/${id}/schedule`, { snapshotEnabled: false })
        .catch(() => undefined);
    }
    await stack?.stop();
    await simulator?.close();
  });

  it('shows stations, the person a camera identified, areas and the environment', async () => {
    await snapshotsOn('cam-102');
    await signInAt(page, stack.url, ADMIN.email, ADMIN.password, '/floor');
    await page.getByText('Real-time floor status and environmental monitoring').waitFor();
    await page.getByTestId('floor-active-stations-value').waitFor();
    // The camera's snapshot goes through the video worker's identification: the page follows.
    await pagePollsOnce((stats) => stats.workersPresent === 1);
    await expect
      .poll(() => text('floor-workers-present-value'), { timeout: 120_000, interval: 1000 })
      .toBe('1');
    expect(await text('floor-active-stations-value')).toBe('2/3');
    expect(await page.getByTestId('floor-active-stations').innerText()).toContain(
      '67% operational',
    );
    expect(await text('floor-workers-present-value')).toBe('1');
    expect(await text('floor-utilization-value')).toBe('50%');
    expect(await text('floor-alerts-value')).toBe('1');
    expect(await page.getByTestId('floor-alerts').innerText()).toContain(
      'Station P1 in Packaging is offline',
    );
    expect(await areaRow('AssemblyLine').innerText()).toContain('Assembly Line');
    expect(await areaRow('AssemblyLine').getByTestId('area-workers').innerText()).toBe('1');
    expect(await areaRow('Packaging').getByTestId('area-status').innerText()).toBe('Operational');
    expect(await text('env-temperature')).toBe('70.5°F');
    expect(await text('env-humidity')).toBe('41%');
    expect(await text('env-air-quality')).toBe('Good');
    expect(await text('env-noise')).toBe('Unknown');
    await keepScreenshot(page, 'floor-view');
  });

  it('follows a second camera without a reload', async () => {
    await snapshotsOn('cam-103');
    await pagePollsOnce((stats) => stats.workersPresent === 2);
    await expect
      .poll(() => text('floor-workers-present-value'), { timeout: 120_000, interval: 1000 })
      .toBe('2');
    expect(await areaRow('AssemblyLine').getByTestId('area-workers').innerText()).toBe('1');
    const tile = page.locator('[data-testid=map-area][data-area="Packaging"]');
    expect(await tile.getByTestId('map-workers').innerText()).toBe('1');
    await keepScreenshot(page, 'floor-view-updated');
  });

  it("alerts a person without a valid certification for the camera's SOPs, and a camera gone", async () => {
    // A processed SOP of the organization, as the library's pipeline leaves one.
    const sopId = await withSchema(stack, 'library', async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix,
           source_key, uploaded_by, processed, sop_processed, processing_stage, text_key)
         VALUES ($1, 'Press Safety', 'press.pdf', 100, 'x/', 'x/press.pdf', $2, true, true, 'done', 'x/press.txt')
         RETURNING id`,
        [organizationId, people[0]],
      );
      return rows[0]!.id;
    });
    await root.call('PUT', `/api/admin/camera-assignments/${cameras['cam-102']}/sops`, {
      sopIds: [sopId],
    });
    const alerts = () => page.getByTestId('floor-alerts').innerText();
    await pagePollsOnce(alerted('uncertified_presence'));
    await expect
      .poll(alerts, { timeout: 30_000, interval: 1000 })
      .toContain('olga on Assembly Line A has no valid certification for Press Safety');
    // The simulator stops reaching cam-103; its next snapshot fails.
    simulator.setOnline('cam-103', false);
    const path = `/api/admin/camera-assignments/${cameras['cam-103']}/schedule`;
    await root.call('PUT', path, { snapshotEnabled: false });
    await snapshotsOn('cam-103');
    await pagePollsOnce(alerted('camera_unreachable'));
    await expect
      .poll(alerts, { timeout: 60_000, interval: 1000 })
      .toContain('Assembly Line B could not be reached');
    expect(await text('floor-alerts-value')).toBe('3');
    await keepScreenshot(page, 'floor-view-alerts');
  });

  it('lets the admin keep snapshots and set how long presence is kept', async () => {
    const card = page.getByTestId('floor-privacy');
    const days = card.getByLabel('Keep presence events for (days)');
    await expect.poll(() => days.inputValue()).toBe('30');
    await days.fill('400');
    await expect.poll(() => card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await days.fill('7');
    await card.getByLabel('Keep camera snapshots after identification').click();
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Privacy Settings Saved').first().waitFor();
    expect(await admin.call('GET', '/api/floor/layout')).toMatchObject({
      keepSnapshots: true,
      presenceRetentionDays: 7,
    });
    await page.reload();
    await expect.poll(() => days.inputValue()).toBe('7');
    await keepScreenshot(page, 'floor-privacy');
  });

  it('follows an unknown person of the videos once named: the cameras know them', async () => {
    await admin.call('PUT', '/api/floor/privacy', {
      keepSnapshots: true,
      presenceRetentionDays: 7,
      learnFromConfirmed: true,
    });
    // Oona has no face data: two videos show her as one unknown person, then she is named.
    const folder = mkdtempSync(join(tmpdir(), 'floor-e2e-'));
    try {
      // One file, uploaded twice: two videos of the same shift. Both are queued at once; the
      // worker analyses one after the other (VIDEO_CONCURRENCY 1), as the loop did.
      const file = join(folder, 'packing.mp4');
      makeStillsVideo(file, ['bernadette/bernadette2.png']);
      const titles = ['Packing Monday', 'Packing Tuesday'];
      const ids: number[] = [];
      for (const title of titles) ids.push(await analysing(file, title));
      for (const [i, id] of ids.entries()) await analysed(id, titles[i]!);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const { people: unknown } = (await admin.call('GET', '/api/unknown-people')) as {
      people: { id: number; label: string; videos: number }[];
    };
    expect(unknown.map((person) => [person.label, person.videos])).toEqual([
      ['Unknown person 1', 2],
    ]);
    const oona = people[2]!;
    await admin.call('POST', `/api/unknown-people/${unknown[0]!.id}/name`, { userId: oona });
    // A camera showing her (cam-105: the same photo) in Packaging: the floor counts her.
    const assigned = await root.call('POST', '/api/admin/camera-assignments', {
      cameraId: 'cam-105',
      cameraName: 'cam-105',
      organizationId,
      integrationId,
    });
    cameras['cam-105'] = assigned.id as number;
    await admin.call('PUT', `/api/floor/cameras/${cameras['cam-105']}`, {
      areaId: areas.Packaging,
    });
    await snapshotsOn('cam-105');
    await page.reload();
    await pagePollsOnce((stats) => stats.workersPresent === 3);
    await expect
      .poll(() => text('floor-workers-present-value'), { timeout: 120_000, interval: 1000 })
      .toBe('3');
    await keepScreenshot(page, 'floor-view-named-unknown');
  }, 300_000);
});
