import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningSimulator,
  SIMULATOR_ACCOUNTS,
  SIMULATOR_CAMERA_COUNT,
  startCameraSimulator,
} from '../infra/camera-simulator/simulator.mjs';
import { keepScreenshot, launchBrowser, toastText, signInAt } from './browser.js';
import { createPeople, withSchema } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const ID = uniqueId();
const ADMIN = { email: `ada@harbour-${ID}.test`, password: 'Harbour-Admin-1!' };

let simulator: RunningSimulator;
let stack: RunningStack;
let browser: Browser;
let page: Page;
let organizationId: number;

/** The organization, an administrator of it, and two processed SOPs in its library. */
async function seed() {
  organizationId = await withSchema(stack, 'identity', async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ($1, 'Harbour Foods', $2) RETURNING id`,
      [`harbour-foods-${ID}`, `harbour-${ID}.test`],
    );
    return rows[0]!.id;
  });
  await createPeople(
    stack,
    organizationId,
    { admin: { email: ADMIN.email, name: 'Ada Admin', role: 'admin' } },
    ADMIN.password,
  );
  await withSchema(stack, 'library', async (sql) => {
    for (const title of ['Lockout Tagout', 'Forklift Checks'])
      await sql.query(
        `INSERT INTO documents (organization_id, title, file_name, file_size, storage_prefix,
           source_key, uploaded_by, processed, sop_processed, processing_stage)
         VALUES ($1, $2, $3, 100, 'x/', $4, 1, true, true, 'done')`,
        [organizationId, title, `${title}.pdf`, `x/${title}.pdf`],
      );
  });
}

async function enterCredentials(account: { clientId: string; clientSecret: string }) {
  const dialog = page.getByTestId('setup-dialog');
  await dialog.getByTestId('setup-baseUrl').fill(simulator.url);
  await dialog.getByTestId('setup-clientId').fill(account.clientId);
  await dialog.getByTestId('setup-clientSecret').fill(account.clientSecret);
  await dialog.getByTestId('setup-save').click();
  await eventually(() => toastText(page)).toContain('Integration Saved');
  await dialog.waitFor({ state: 'detached' });
}

async function testConnection(expectedToast: string) {
  await page.getByTestId('test-connection').click();
  await eventually(() => toastText(page)).toContain(expectedToast);
}

/**
 * The stack answers quickly, but a busy machine may not (a CI run beside a load test once took
 * over 20 s to show the assignment's toast): wait up to 60 s.
 */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 60_000 });

async function closeCameraDialog() {
  const dialog = page.getByTestId('camera-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const status = () => page.getByTestId('integration-status').innerText();

/**
 * The Integrations page, from no camera system configured to wrong credentials left behind, on
 * the shared stack. The camera system is one for the whole platform (one `integrations` row a
 * type), so these tests run first in `floor.e2e.test.ts`, the only other file that configures it,
 * which sets it up again after them (the setup replaces the credentials and their last test). It
 * had a stack of its own: nine processes started and stopped for four tests, about 26 CPU-s of
 * the e2e project's 470 (docs/testing.md).
 */
export function describeIntegrationsPage() {
  describe('integrations, as the super administrator sets up the camera system', () => {
    beforeAll(async () => {
      simulator = await startCameraSimulator();
      stack = await sharedStack();
      await seed();
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    });

    afterAll(async () => {
      await browser?.close();
      await simulator?.close();
    });

    it('sets up, tests, assigns a camera, ties SOPs and removes the assignment', async () => {
      await signInAt(
        page,
        stack.url,
        E2E_SUPER_ADMIN.email,
        E2E_SUPER_ADMIN.password,
        '/integrations',
      );
      await page.getByTestId('setup-integration').waitFor();
      expect(await status()).toBe('Not Tested');
      await page.getByTestId('coming-soon-card').getByText('IoT Sensors').waitFor();
      expect(await page.getByTestId('manage-cameras').count()).toBe(0);

      await page.getByTestId('setup-integration').click();
      await enterCredentials(SIMULATOR_ACCOUNTS.demo);
      await testConnection('Connection Successful');
      expect(await toastText(page)).toContain('Camera system integration is working properly');
      await eventually(status).toBe('Connected');
      await keepScreenshot(page, 'integrations-connected');

      await page.getByTestId('manage-cameras').click();
      const dialog = page.getByTestId('camera-dialog');
      await eventually(() => dialog.getByTestId('camera-row').count()).toBe(SIMULATOR_CAMERA_COUNT);
      const row = dialog.locator('[data-testid=camera-row][data-camera-id="cam-102"]');
      expect(await row.getByTestId('camera-status').innerText()).toBe('Available');
      await row.getByTestId('camera-assign').click();
      await row.getByTestId('assign-organization').selectOption(String(organizationId));
      await row.getByTestId('assign-confirm').click();
      await eventually(() => toastText(page)).toContain('Camera Assigned');
      await eventually(() => row.getByTestId('camera-status').innerText()).toBe('Assigned');
      await keepScreenshot(page, 'integrations-cameras');
      await closeCameraDialog();

      const assignment = page.getByTestId('assignment-row').first();
      expect(await assignment.getByTestId('assignment-camera').innerText()).toBe('Assembly Line A');
      expect(await assignment.getByTestId('assignment-org').innerText()).toBe('Harbour Foods');
      expect(await assignment.getByTestId('sop-picker-toggle').innerText()).toBe('Select SOPs');
      await assignment.getByTestId('sop-picker-toggle').click();
      await assignment.getByTestId('sop-search').fill('welding');
      await assignment.getByText('No SOPs found.').waitFor();
      await assignment.getByTestId('sop-search').fill('lock');
      await assignment.getByTestId('sop-option').check();
      expect(await assignment.getByTestId('sop-picker-toggle').innerText()).toBe('1 SOP selected');
      await keepScreenshot(page, 'integrations-sops');
      await assignment.getByTestId('sop-save').click();
      await eventually(() => toastText(page)).toContain('SOPs Updated');

      await page.getByTestId('manage-cameras').click();
      await row.getByTestId('camera-remove').click();
      await eventually(() => toastText(page)).toContain('Assignment Removed');
      await eventually(() => row.getByTestId('camera-status').innerText()).toBe('Available');
      await closeCameraDialog();
      await eventually(() => page.getByTestId('assignment-row').count()).toBe(0);
    });

    it('shows Camera API Access Limited when the client may not list cameras', async () => {
      await page.getByTestId('edit-credentials').click();
      await enterCredentials(SIMULATOR_ACCOUNTS.limited);
      await eventually(status).toBe('Not Tested');
      await testConnection('Connection Successful');
      await page.getByTestId('manage-cameras').click();
      const notice = page.getByTestId('camera-api-limited');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('Camera API Access Limited');
      expect(await notice.getByTestId('camera-api-message').innerText()).toContain(
        'cameras:read scope was not granted',
      );
      expect(await notice.getByTestId('camera-api-suggestion').innerText()).toContain(
        'Grant the API client the cameras:read scope',
      );
      await keepScreenshot(page, 'integrations-access-limited');
      await closeCameraDialog();
    });

    it('reports wrong credentials as Connection Failed with the provider message', async () => {
      await page.getByTestId('edit-credentials').click();
      await enterCredentials({ clientId: 'hub-demo', clientSecret: 'not-the-secret' });
      await testConnection('Connection Failed');
      expect(await toastText(page)).toContain('Client authentication failed');
      await eventually(status).toBe('Failed');
      expect(await page.getByTestId('integration-message').innerText()).toContain(
        'Client authentication failed',
      );
      expect(await page.getByTestId('manage-cameras').count()).toBe(0);
    });

    it('tells anyone but the super administrator that access is restricted', async () => {
      const other = await browser.newPage();
      await signInAt(other, stack.url, ADMIN.email, ADMIN.password, '/integrations');
      await other.getByTestId('access-restricted').waitFor();
      expect(await other.getByTestId('access-restricted').innerText()).toContain(
        'Access Restricted: Only Super Administrators can access integrations settings.',
      );
      await other.close();
    });
  });
}
